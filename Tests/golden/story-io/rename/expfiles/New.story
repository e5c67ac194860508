keep
me