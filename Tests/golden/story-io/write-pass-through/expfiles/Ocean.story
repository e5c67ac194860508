Waves.
