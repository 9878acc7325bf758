"""Tammi: the chat bot."""
