"""The web page the server serves at ``/``: plain HTML, CSS and JavaScript, no build step."""
