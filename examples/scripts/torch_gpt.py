"""A small GPT (decoder-only transformer) trained for a few AdamW steps: plain PyTorch.

    python examples/scripts/torch_gpt.py                       # real PyTorch
    python -m ivy run --frontend torch --backend jax examples/scripts/torch_gpt.py

The weights and the token batches come from NumPy (``default_rng(0)``), so every run starts
from the same numbers whatever provides ``torch``. Prints one line per step: ``step N loss L``.
"""
import argparse
import math

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class Block(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(),
                                 nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size, block_size, n_layer, n_embd, n_head):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.blocks = nn.ModuleList([Block(n_embd, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.wte.weight = self.lm_head.weight          # weight tying

    def forward(self, idx, targets):
        B, T = idx.size()
        pos = torch.arange(0, T, dtype=torch.long)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


def init_from_numpy(model, rng):
    """Every parameter drawn from ``rng`` (GPT-2's scheme: N(0, 0.02), zero biases, unit norms)."""
    n_layer = len(model.blocks)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("bias"):
                values = np.zeros(tuple(p.shape))
            elif ".ln_" in name or name.startswith("ln_"):
                values = np.ones(tuple(p.shape))
            else:
                std = 0.02 / math.sqrt(2 * n_layer) if name.endswith("c_proj.weight") else 0.02
                values = rng.normal(0.0, std, size=tuple(p.shape))
            p.copy_(torch.from_numpy(values.astype(np.float32)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-2)
    args = parser.parse_args()
    vocab_size, block_size, batch_size = 32, 16, 4
    rng = np.random.default_rng(0)
    model = GPT(vocab_size, block_size, n_layer=2, n_embd=32, n_head=4)
    init_from_numpy(model, rng)
    data = rng.integers(0, vocab_size, size=(2, batch_size, block_size + 1))   # two batches, cycled
    optimizer = optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.1)
    model.train()
    for step in range(args.steps):
        x = torch.from_numpy(np.ascontiguousarray(data[step % 2, :, :-1]))
        y = torch.from_numpy(np.ascontiguousarray(data[step % 2, :, 1:]))
        loss = model(x, y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        print(f"step {step} loss {loss.item():.8f}")


if __name__ == "__main__":
    main()
