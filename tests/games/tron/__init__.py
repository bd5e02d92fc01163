"""Tests of games.tron."""
