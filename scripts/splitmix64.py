"""SplitMix64 (Steele, Lea, Flood 2014): the one small, reproducible PRNG the sample
generators share, so every bundled sample regenerates byte for byte on any Python 3."""
import math

_MASK = 0xFFFFFFFFFFFFFFFF


class SplitMix64:
    """A 64-bit state stepped by the golden-ratio increment and mixed by two multiplies."""

    def __init__(self, seed):
        self.state = seed & _MASK

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def uniform(self):
        """53 random bits -> [0, 1), never exactly 1."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def normal(self):
        """A standard normal draw (Box-Muller); u1 is kept away from 0 so log() is finite."""
        u1 = max(self.uniform(), 1e-300)
        u2 = self.uniform()
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
