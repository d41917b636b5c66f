"""Blueprints by concern: home and new tables, entry screens, scorings, sharing."""
