"""The ``obelisk`` command."""
