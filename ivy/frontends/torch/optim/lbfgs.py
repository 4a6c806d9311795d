"""``torch.optim.LBFGS``: limited-memory BFGS (Nocedal & Wright, *Numerical Optimization*, 2nd ed.:
Algorithm 7.4 for the direction, Algorithms 3.5/3.6 with cubic interpolation for the strong-Wolfe
line search).

All parameters are handled as one flat vector; the curvature pairs, the last direction and step
live in the state of the first parameter under torch's keys, so that a later ``step`` carries on
where the last one stopped.
"""
import math

import numpy as np

from .optimizer import Optimizer, _value

__all__ = ["LBFGS"]


def _f32(x):
    return float(np.float32(x))


def _cubic_min(p, q, bounds=None):
    """Minimizer of the cubic through two points ``(t, f, slope)`` (N&W eq. 3.59), clamped to
    ``bounds`` (default: the interval between them); the middle of the bounds if there is none."""
    lo, hi = bounds if bounds is not None else sorted((p[0], q[0]))
    (t1, f1, g1), (t2, f2, g2) = sorted((p, q), key=lambda point: point[0])
    d1 = g1 + g2 - 3 * (f1 - f2) / (t1 - t2)
    disc = d1 * d1 - g1 * g2
    if disc < 0:
        return (lo + hi) / 2.0
    d2 = math.sqrt(disc)
    t = t2 - (t2 - t1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    return min(max(t, lo), hi)


def _strong_wolfe(evaluate, t, d_norm, f0, g0, slope0, tolerance_change, c1=1e-4, c2=0.9,
                  max_ls=25):
    """A step ``t`` along the direction meeting the strong Wolfe conditions. ``evaluate(t)`` gives
    ``(f, grad, slope)`` there. A point is ``[t, f, grad, slope]``. First steps grow (by cubic
    extrapolation) until an interval is known to hold an acceptable step, which is then zoomed
    into. Returns ``(f, grad, t, evaluations)``."""
    def sufficient(point):            # in float32, as torch's tensor arithmetic
        return point[1] <= _f32(f0 + _f32(_f32(c1 * point[0]) * slope0))

    def curvature(point):
        return abs(point[3]) <= _f32(-c2 * slope0)

    prev, new = [0, f0, g0, slope0], [t, *evaluate(t)]
    evals, tries, bracket = 1, 0, None
    while tries < max_ls:                                   # N&W Algorithm 3.5
        if not sufficient(new) or (tries > 1 and new[1] >= prev[1]):
            bracket = [prev, new]
            break
        if curvature(new):
            return new[1], new[2], new[0], evals
        if new[3] >= 0:
            bracket = [prev, new]
            break
        step = _cubic_min([prev[0], prev[1], prev[3]], [new[0], new[1], new[3]],
                          bounds=(new[0] + 0.01 * (new[0] - prev[0]), new[0] * 10))
        prev, new = new, [step, *evaluate(step)]
        evals, tries = evals + 1, tries + 1
    if bracket is None:               # out of tries: the better of the start and the last point
        bracket = [[0, f0, g0, slope0], new]
    # N&W Algorithm 3.6: bracket[lo] is the best point so far meeting sufficient decrease
    lo = 0 if bracket[0][1] <= bracket[1][1] else 1
    stalled = False
    while tries < max_ls:
        ta, tb = bracket[0][0], bracket[1][0]
        left, right = min(ta, tb), max(ta, tb)
        if (right - left) * d_norm < tolerance_change:
            break
        step = _cubic_min(*[[pt[0], pt[1], pt[3]] for pt in bracket])
        margin = 0.1 * (right - left)
        if min(right - step, step - left) < margin:         # too close to an end: move inwards
            if stalled or step >= right or step <= left:
                step = right - margin if abs(step - right) < abs(step - left) else left + margin
                stalled = False
            else:
                stalled = True
        else:
            stalled = False
        new = [step, *evaluate(step)]
        evals, tries = evals + 1, tries + 1
        if not sufficient(new) or new[1] >= bracket[lo][1]:
            bracket[1 - lo] = new
            lo = 0 if bracket[0][1] <= bracket[1][1] else 1
            continue
        if curvature(new):
            bracket[lo] = new
            break
        if new[3] * (bracket[1 - lo][0] - bracket[lo][0]) >= 0:
            bracket[1 - lo] = bracket[lo]
        bracket[lo] = new
    best = bracket[lo]
    return best[1], best[2], best[0], evals


class LBFGS(Optimizer):
    """Implements ``torch.optim.LBFGS`` (one parameter group; ``step`` needs a closure)."""

    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7,
                 tolerance_change=1e-9, history_size=100, line_search_fn=None):
        if not 0.0 <= _value(lr):
            raise ValueError(f"Invalid learning rate: {lr}")
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        defaults = {"lr": lr, "max_iter": max_iter, "max_eval": max_eval,
                    "tolerance_grad": tolerance_grad, "tolerance_change": tolerance_change,
                    "history_size": history_size, "line_search_fn": line_search_fn}
        super().__init__(params, defaults)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]["params"]

    # -- the parameters as one flat vector -------------------------------------------------------
    def _flat_grad(self):
        from .. import cat
        return cat([p.new_zeros(p.numel()) if p.grad is None else p.grad.reshape(-1)
                    for p in self._params], 0)

    def _move(self, t, d):
        """Parameters += t * d, d a flat vector."""
        start = 0
        for p in self._params:
            n = p.numel()
            p.data.add_(d[start:start + n].view_as(p), alpha=t)
            start += n

    def _at(self, closure, x, t, d):
        """Loss, gradient and slope at x + t * d; the parameters are put back to x."""
        self._move(t, d)
        loss = float(closure())
        grad = self._flat_grad()
        for p, saved in zip(self._params, x):
            p.data.copy_(saved)
        return loss, grad, float(grad.dot(d))

    # -- one call --------------------------------------------------------------------------------
    def step(self, closure):
        """Runs up to ``max_iter`` L-BFGS iterations; returns the loss the closure gave first."""
        group = self.param_groups[0]
        lr, max_iter, max_eval = _value(group["lr"]), group["max_iter"], group["max_eval"]
        tol_grad, tol_change = group["tolerance_grad"], group["tolerance_change"]
        state = self.state[self._params[0]]
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)

        orig_loss = closure()
        loss, evals = float(orig_loss), 1
        state["func_evals"] += 1
        g = self._flat_grad()
        if float(g.abs().max()) <= tol_grad:
            return orig_loss
        d, t = state.get("d"), state.get("t")
        ys_hist, s_hist, rho = (state.get(k) for k in ("old_dirs", "old_stps", "ro"))
        h_diag, prev_g, prev_loss = (state.get(k) for k in ("H_diag", "prev_flat_grad",
                                                             "prev_loss"))
        converged = False
        for n_iter in range(1, max_iter + 1):
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                d, ys_hist, s_hist, rho, h_diag = g.neg(), [], [], [], 1
            else:
                y, s = g.sub(prev_g), d.mul(t)
                ys = float(y.dot(s))
                if ys > 1e-10:                   # keep the pair only if the curvature is positive
                    if len(ys_hist) == group["history_size"]:
                        del ys_hist[0], s_hist[0], rho[0]
                    ys_hist.append(y)
                    s_hist.append(s)
                    rho.append(_f32(1.0 / ys))
                    h_diag = _f32(ys / float(y.dot(y)))
                d = self._direction(g, ys_hist, s_hist, rho, h_diag)
            prev_g, prev_loss = g.clone(), loss
            t = _f32(min(1.0, _f32(1.0 / float(g.abs().sum()))) * lr) if state["n_iter"] == 1 \
                else lr
            slope = float(g.dot(d))
            if slope > -tol_change:              # not a descent direction any more
                break
            if group["line_search_fn"] is not None:
                if group["line_search_fn"] != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                x = [p.detach().clone() for p in self._params]
                loss, g, t, ls_evals = _strong_wolfe(
                    lambda step: self._at(closure, x, step, d), t, float(d.abs().max()), loss, g,
                    slope, tol_change)
                self._move(t, d)
                converged = float(g.abs().max()) <= tol_grad
            else:
                self._move(t, d)
                ls_evals = 0
                if n_iter != max_iter:
                    loss = float(closure())
                    g = self._flat_grad()
                    converged = float(g.abs().max()) <= tol_grad
                    ls_evals = 1
            evals += ls_evals
            state["func_evals"] += ls_evals
            if (n_iter == max_iter or evals >= max_eval or converged
                    or float(d.mul(t).abs().max()) <= tol_change
                    or abs(loss - prev_loss) < tol_change):
                break
        state.update({"d": d, "t": t, "old_dirs": ys_hist, "old_stps": s_hist, "ro": rho,
                      "H_diag": h_diag, "prev_flat_grad": prev_g, "prev_loss": prev_loss})
        return orig_loss

    @staticmethod
    def _direction(g, ys_hist, s_hist, rho, h_diag):
        """The two-loop recursion (N&W Algorithm 7.4): -H g, H the L-BFGS inverse Hessian."""
        q = g.neg()
        alphas = []
        for y, s, r in zip(reversed(ys_hist), reversed(s_hist), reversed(rho)):
            a = _f32(float(s.dot(q)) * r)
            q = q.sub(y, alpha=a)
            alphas.append(a)
        r_vec = q.mul(h_diag)
        for y, s, r, a in zip(ys_hist, s_hist, rho, reversed(alphas)):
            b = _f32(float(y.dot(r_vec)) * r)
            r_vec = r_vec.add(s, alpha=a - b)
        return r_vec
