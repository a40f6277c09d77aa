"""Agea (being written)."""
