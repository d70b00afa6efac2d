"""Simulation: tournaments, statistics, backends and benchmarks."""
