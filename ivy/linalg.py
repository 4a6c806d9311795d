"""ivy.linalg: the Array API linear algebra extension; functions are bound by the backend registry."""
