"""Tammi: draughts rules engine."""
