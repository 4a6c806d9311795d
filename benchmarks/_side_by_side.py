"""Shared timing loop: the same statement on a real framework and on a frontend, alternately."""
import argparse
import timeit

import ivy


def _best(stmt, env, number):
    return min(timeit.repeat(stmt, globals=env, number=number, repeat=1)) / number * 1e6


def time_statements(statements, real_env, make_frontend_env, backend, repeat):
    """[(backend, statement, real us, frontend us)]: the best of ``repeat`` short windows each."""
    rows = []
    with ivy.using_backend(backend):
        fe_env = make_frontend_env()
        for stmt in statements:
            exec(stmt, real_env), exec(stmt, fe_env)
            t0 = timeit.default_timer()
            exec(stmt, fe_env)
            # short timing windows, many of them: the best one escapes other processes' noise
            number = max(1, min(2000, int(0.002 / max(timeit.default_timer() - t0, 1e-7))))
            t_real = t_fe = float("inf")
            for _ in range(repeat):
                t_real = min(t_real, _best(stmt, real_env, number))
                t_fe = min(t_fe, _best(stmt, fe_env, number))
            rows.append((backend, stmt, t_real, t_fe))
    return rows


def report(rows, framework):
    print(f"{'backend':<11}{'statement':<24}{framework + ' us':>10}{'ivy us':>10}{'diff us':>10}"
          f"{'ratio':>8}")
    for b, stmt, t_real, t_fe in rows:
        print(f"{b:<11}{stmt:<24}{t_real:>10.3f}{t_fe:>10.3f}{t_fe - t_real:>10.3f}"
              f"{t_fe / t_real:>8.2f}")


def main(doc, run, framework, default_backends):
    """The benchmark scripts' command line: --backends, --repeat, --only."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--backends", default=default_backends)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--only", default=None, help="statements to time, separated by semicolons")
    opts = parser.parse_args()
    rows = []
    for backend in opts.backends.split(","):
        rows += run(backend, opts.repeat, opts.only and opts.only.split(";"))
    report(rows, framework)
