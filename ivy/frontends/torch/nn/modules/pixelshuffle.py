"""``torch.nn`` PixelShuffle, PixelUnshuffle and ChannelShuffle."""
from .. import functional as F
from .utils import make_module

PixelShuffle = make_module(
    "PixelShuffle", "upscale_factor",
    lambda self, input: F.pixel_shuffle(input, self.upscale_factor),
    lambda self: f"upscale_factor={self.upscale_factor}", module=__name__)
PixelUnshuffle = make_module(
    "PixelUnshuffle", "downscale_factor",
    lambda self, input: F.pixel_unshuffle(input, self.downscale_factor),
    lambda self: f"downscale_factor={self.downscale_factor}", module=__name__)
ChannelShuffle = make_module(
    "ChannelShuffle", "groups", lambda self, input: F.channel_shuffle(input, self.groups),
    lambda self: f"groups={self.groups}", module=__name__)

__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle"]
