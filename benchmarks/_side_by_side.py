"""Shared timing loop: the same statement on a real framework and on a frontend, alternately."""
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
            eval(stmt, real_env), eval(stmt, fe_env)
            t0 = timeit.default_timer()
            eval(stmt, fe_env)
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
