"""Sub-commands of ``obelisk``: each module defines ``register(app)`` and is found automatically."""
