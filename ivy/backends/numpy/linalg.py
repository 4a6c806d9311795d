"""numpy backend: linalg."""
