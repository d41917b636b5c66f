"""Scoring assistant for board games played on a real table."""
