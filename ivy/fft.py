"""ivy.fft: the Array API FFT extension; functions are bound by the backend registry."""
