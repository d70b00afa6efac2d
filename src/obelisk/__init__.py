"""Obelisk: one rules engine for five Egyptian-themed board games."""

__version__ = "0.1.0"
