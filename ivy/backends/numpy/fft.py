"""numpy backend: fft."""
