"""Bundled games: each exposes its states as treesearch TreeIterators."""
