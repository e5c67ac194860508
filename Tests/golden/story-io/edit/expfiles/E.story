final version
