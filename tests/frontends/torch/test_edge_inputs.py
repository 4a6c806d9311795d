"""Input classes the sampled torch rows missed (found by ``tools/mutation.py``): one differential
program each, run by real torch and by the frontend on every backend."""
from tests.frontends.differential import Snippet, differential_tests

SNIPPETS = [
    # torch.sign refuses complex input (torch.sgn takes it)
    Snippet("torch.sign(torch.tensor([1 + 1j, -2j]))"),
    Snippet("torch.sgn(torch.tensor([3 + 4j, 0j]))"),
    # a dim named twice
    Snippet("torch.ones(2, 3).sum(dim=(0, 0))"),
    Snippet("torch.sum(torch.ones(2, 3), dim=(1, -1))"),
    Snippet("torch.ones(2, 3).mean(dim=[0, -2])"),
    # 0-d tensors
    Snippet("torch.flatten(torch.tensor(3.))"),
    Snippet("torch.tensor(5).flatten(0, -1)"),
    Snippet("torch.tensor(2.).flatten().shape"),
    # squeeze of a dim whose size is not 1 leaves it
    Snippet("torch.ones(2, 1, 3).squeeze(0).shape"),
    Snippet("torch.squeeze(torch.ones(2, 1, 3), (0, 1)).shape"),
    Snippet("torch.ones(1, 3).squeeze(-1).shape"),
    # start_dim after end_dim
    Snippet("torch.ones(2, 3).flatten(1, 0)"),
    Snippet("torch.flatten(torch.ones(2, 3, 4), -1, 1)"),
]

test_edge_inputs = differential_tests("torch", SNIPPETS)
