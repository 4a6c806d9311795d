"""Backend-agnostic machinery: dtypes, promotion, registry and dispatch, compositional bodies."""
