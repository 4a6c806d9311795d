"""``tf.keras`` (Keras 3 as TensorFlow 2.21 ships it): the layers, activations, losses,
optimizers and initializers training programs touch first (in progress)."""
