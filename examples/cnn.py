"""A small CNN classifier trained on random 1x16x16 images with random labels, as plain PyTorch.

Every function takes the ``torch`` module as a parameter, so the same code runs on real PyTorch
and on ivy's torch frontend on any backend:

    python examples/cnn.py --native            # real PyTorch
    python examples/cnn.py --backend tensorflow     # ivy's torch frontend on TensorFlow
    python examples/cnn.py --backend jax --compare  # both, from the same weights, side by side

Conv2d -> BatchNorm2d -> ReLU -> MaxPool2d, twice, then Flatten -> Dropout -> Linear -> ReLU ->
Dropout -> Linear; SGD with momentum and weight decay, a StepLR schedule, cross-entropy.
"""
import argparse
from dataclasses import dataclass

import numpy as np


@dataclass
class CNNConfig:
    image_size: int = 16
    channels: tuple = (4, 8)
    hidden: int = 32
    num_classes: int = 10
    dropout: float = 0.0


def make_model(torch, cfg):
    nn = torch.nn

    class SmallCNN(nn.Module):
        def __init__(self):
            super().__init__()
            c1, c2 = cfg.channels
            self.features = nn.Sequential(
                nn.Conv2d(1, c1, kernel_size=3, padding=1),
                nn.BatchNorm2d(c1),
                nn.ReLU(inplace=True),
                nn.MaxPool2d(2),
                nn.Conv2d(c1, c2, kernel_size=3, padding=1),
                nn.BatchNorm2d(c2),
                nn.ReLU(inplace=True),
                nn.MaxPool2d(2),
            )
            side = cfg.image_size // 4
            self.classifier = nn.Sequential(
                nn.Flatten(),
                nn.Dropout(cfg.dropout),
                nn.Linear(c2 * side * side, cfg.hidden),
                nn.ReLU(inplace=True),
                nn.Dropout(cfg.dropout),
                nn.Linear(cfg.hidden, cfg.num_classes),
            )

        def forward(self, x):
            return self.classifier(self.features(x))

    return SmallCNN()


def make_batches(cfg, n_batches, batch_size=8, seed=0):
    """Random images and labels as numpy arrays."""
    rng = np.random.default_rng(seed)
    shape = (batch_size, 1, cfg.image_size, cfg.image_size)
    return [(rng.standard_normal(shape).astype(np.float32),
             rng.integers(0, cfg.num_classes, size=batch_size))
            for _ in range(n_batches)]


def to_torch(torch, batches):
    return [(torch.from_numpy(x), torch.from_numpy(y)) for x, y in batches]


def copy_weights(torch, model, source):
    """Load `source`'s state dict (any torch-like module) into `model` built with `torch`."""
    state = {k: torch.tensor(v.detach().cpu().numpy()) for k, v in source.state_dict().items()}
    model.load_state_dict(state)
    return model


def train(torch, model, batches, steps, lr=0.05, momentum=0.9, weight_decay=5e-4,
          step_size=2, gamma=0.5):
    """`steps` SGD steps over `batches` (cycled), the learning rate decayed by StepLR every
    `step_size` steps; the loss of every step."""
    F = torch.nn.functional
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum,
                                weight_decay=weight_decay)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=step_size, gamma=gamma)
    model.train()
    losses = []
    for step in range(steps):
        x, y = batches[step % len(batches)]
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        losses.append(loss.item())
    return losses


def evaluate(torch, model, batches):
    """Mean loss and accuracy in eval mode (BatchNorm's running statistics, no dropout)."""
    F = torch.nn.functional
    model.eval()
    total, correct, count = 0.0, 0, 0
    with torch.no_grad():
        for x, y in batches:
            logits = model(x)
            total += F.cross_entropy(logits, y, reduction="sum").item()
            correct += (logits.argmax(dim=1) == y).sum().item()
            count += y.shape[0]
    return total / count, correct / count


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
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    cfg = CNNConfig(dropout=args.dropout)
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
        data = to_torch(ft, batches)
        runs[f"frontend/{args.backend}"] = train(ft, model, data, args.steps)
        print("frontend eval (loss, accuracy):", evaluate(ft, model, data))
    if args.native or args.compare:
        data = to_torch(torch, batches)
        runs["torch"] = train(torch, native, data, args.steps)
        print("torch eval (loss, accuracy):", evaluate(torch, native, data))
    names = list(runs)
    print("step  " + "  ".join(f"{n:>16}" for n in names))
    for step in range(args.steps):
        print(f"{step:4d}  " + "  ".join(f"{runs[n][step]:16.8f}" for n in names))


if __name__ == "__main__":
    main()
