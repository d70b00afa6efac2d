// The ramses table: drawn as text until its own drawing lands (issue 25).
export { default } from "./generic.js";
