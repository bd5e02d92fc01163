"""Observers: record, count, show progress, render video of a search run."""
