"""Tammi: board pictures."""
