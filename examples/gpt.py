"""A small GPT (decoder-only transformer) trained on random tokens, written as plain PyTorch.

Every function takes the ``torch`` module as a parameter, so the same code runs on real PyTorch
and on ivy's torch frontend on any backend:

    python examples/gpt.py --native            # real PyTorch
    python examples/gpt.py --backend jax       # ivy's torch frontend on JAX
    python examples/gpt.py --backend jax --compare   # both, from the same weights, side by side

The model: token + position embeddings, ``n_layer`` pre-norm blocks (causal self-attention through
``F.scaled_dot_product_attention`` and a GELU MLP, each with a residual), a final LayerNorm and an
LM head whose weight is tied to the token embedding. AdamW with two parameter groups: weight decay
on the 2-d weights of the linear layers, none on biases, LayerNorm and embeddings.
"""
import argparse
import math
from dataclasses import dataclass

import numpy as np


@dataclass
class GPTConfig:
    vocab_size: int = 32
    block_size: int = 8
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 16
    dropout: float = 0.0
    bias: bool = True


def make_model(torch, cfg):
    nn = torch.nn
    F = torch.nn.functional

    class CausalSelfAttention(nn.Module):
        def __init__(self):
            super().__init__()
            assert cfg.n_embd % cfg.n_head == 0
            self.c_attn = nn.Linear(cfg.n_embd, 3 * cfg.n_embd, bias=cfg.bias)
            self.c_proj = nn.Linear(cfg.n_embd, cfg.n_embd, bias=cfg.bias)
            self.resid_dropout = nn.Dropout(cfg.dropout)
            self.n_head = cfg.n_head
            self.dropout = cfg.dropout

        def forward(self, x):
            B, T, C = x.size()
            q, k, v = self.c_attn(x).split(C, dim=2)
            # (B, T, C) -> (B, nh, T, hs)
            q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            y = F.scaled_dot_product_attention(
                q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
            y = y.transpose(1, 2).contiguous().view(B, T, C)
            return self.resid_dropout(self.c_proj(y))

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.c_fc = nn.Linear(cfg.n_embd, 4 * cfg.n_embd, bias=cfg.bias)
            self.gelu = nn.GELU()
            self.c_proj = nn.Linear(4 * cfg.n_embd, cfg.n_embd, bias=cfg.bias)
            self.dropout = nn.Dropout(cfg.dropout)

        def forward(self, x):
            return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1 = nn.LayerNorm(cfg.n_embd, bias=cfg.bias)
            self.attn = CausalSelfAttention()
            self.ln_2 = nn.LayerNorm(cfg.n_embd, bias=cfg.bias)
            self.mlp = MLP()

        def forward(self, x):
            x = x + self.attn(self.ln_1(x))
            x = x + self.mlp(self.ln_2(x))
            return x

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.config = cfg
            self.transformer = nn.ModuleDict(dict(
                wte=nn.Embedding(cfg.vocab_size, cfg.n_embd),
                wpe=nn.Embedding(cfg.block_size, cfg.n_embd),
                drop=nn.Dropout(cfg.dropout),
                h=nn.ModuleList([Block() for _ in range(cfg.n_layer)]),
                ln_f=nn.LayerNorm(cfg.n_embd, bias=cfg.bias),
            ))
            self.lm_head = nn.Linear(cfg.n_embd, cfg.vocab_size, bias=False)
            self.transformer.wte.weight = self.lm_head.weight     # weight tying
            self.apply(self._init_weights)
            # GPT-2's scaled init of the projections that feed the residual stream
            for name, p in self.named_parameters():
                if name.endswith("c_proj.weight"):
                    nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layer))

        def _init_weights(self, module):
            if isinstance(module, nn.Linear):
                nn.init.normal_(module.weight, mean=0.0, std=0.02)
                if module.bias is not None:
                    nn.init.zeros_(module.bias)
            elif isinstance(module, nn.Embedding):
                nn.init.normal_(module.weight, mean=0.0, std=0.02)

        def forward(self, idx, targets=None):
            B, T = idx.size()
            if T > cfg.block_size:
                raise ValueError(f"sequence of length {T} > block size {cfg.block_size}")
            pos = torch.arange(0, T, dtype=torch.long, device=idx.device)
            x = self.transformer.drop(self.transformer.wte(idx) + self.transformer.wpe(pos))
            for block in self.transformer.h:
                x = block(x)
            x = self.transformer.ln_f(x)
            logits = self.lm_head(x)
            loss = None
            if targets is not None:
                loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
            return logits, loss

    return GPT()


def configure_optimizer(torch, model, lr=1e-2, weight_decay=0.1, betas=(0.9, 0.95)):
    """AdamW; decay only the weights of linear layers (the tied LM head counts as embedding)."""
    nn = torch.nn
    no_decay = set()
    for module in model.modules():
        for name, p in module.named_parameters(recurse=False):
            if name.endswith("bias") or isinstance(module, (nn.LayerNorm, nn.Embedding)):
                no_decay.add(id(p))
    params = [p for p in model.parameters() if p.requires_grad]
    decay = [p for p in params if p.dim() >= 2 and id(p) not in no_decay]
    other = [p for p in params if p.dim() < 2 or id(p) in no_decay]
    groups = [{"params": decay, "weight_decay": weight_decay},
              {"params": other, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr, betas=betas)


def make_batches(cfg, n_batches, batch_size=4, seed=0):
    """Random token sequences as numpy arrays: (inputs, next-token targets) pairs."""
    rng = np.random.default_rng(seed)
    data = rng.integers(0, cfg.vocab_size, size=(n_batches, batch_size, cfg.block_size + 1))
    return [(np.ascontiguousarray(seq[:, :-1]), np.ascontiguousarray(seq[:, 1:])) for seq in data]


def to_torch(torch, batches):
    return [(torch.from_numpy(x), torch.from_numpy(y)) for x, y in batches]


def copy_weights(torch, model, source):
    """Load `source`'s state dict (any torch-like module) into `model` built with `torch`."""
    state = {k: torch.tensor(v.detach().cpu().numpy()) for k, v in source.state_dict().items()}
    model.load_state_dict(state)
    return model


def train(torch, model, batches, steps, lr=1e-2, weight_decay=0.1, grad_clip=None):
    """`steps` AdamW steps over `batches` (cycled); the loss of every step."""
    optimizer = configure_optimizer(torch, model, lr=lr, weight_decay=weight_decay)
    model.train()
    losses = []
    for step in range(steps):
        x, y = batches[step % len(batches)]
        _, loss = model(x, y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        if grad_clip is not None:
            torch.nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
        optimizer.step()
        losses.append(loss.item())
    return losses


def _frontend(backend):
    import ivy
    ivy.set_backend(backend)
    from ivy.frontends import torch
    return torch


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="torch", help="ivy backend for the torch frontend")
    parser.add_argument("--native", action="store_true", help="use real PyTorch")
    parser.add_argument("--compare", action="store_true",
                        help="also train real PyTorch from the same weights and print both")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--dropout", type=float, default=0.0)
    parser.add_argument("--grad-clip", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    cfg = GPTConfig(dropout=args.dropout)
    batches = make_batches(cfg, n_batches=4, seed=args.seed)
    runs = {}
    if args.native or args.compare:
        import torch
        torch.manual_seed(args.seed)
        native = make_model(torch, cfg)
    if not args.native:
        ft = _frontend(args.backend)
        ft.manual_seed(args.seed)
        model = make_model(ft, cfg)
        if args.compare:
            copy_weights(ft, model, native)
        runs[f"frontend/{args.backend}"] = train(ft, model, to_torch(ft, batches), args.steps,
                                                 grad_clip=args.grad_clip)
    if args.native or args.compare:
        runs["torch"] = train(torch, native, to_torch(torch, batches), args.steps,
                              grad_clip=args.grad_clip)
    names = list(runs)
    print("step  " + "  ".join(f"{n:>16}" for n in names))
    for step in range(args.steps):
        print(f"{step:4d}  " + "  ".join(f"{runs[n][step]:16.8f}" for n in names))


if __name__ == "__main__":
    main()
