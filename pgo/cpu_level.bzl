"""Repository rule: the instruction level of the CPU the build runs on, for the default build.

The default build compiles for its own CPU (`-march=native`) and with the profile kept in the
repository for that CPU's level (`//pgo:committed`). Bazel cannot see the CPU from a BUILD file,
so this rule asks pgo/cpu_level.sh (the one place the levels are defined; pgo/train_profile.sh
and .ci/run ask it too) and writes the answer as a constant:

    load("@pyke_cpu_level//:level.bzl", "CPU_LEVEL")   # "avx512", "avx2" or "portable"

`local = True`: the repository is made again when the Bazel server restarts, so an output base
carried to another machine does not keep the old machine's level.
"""

# The levels, from the fastest code to the most portable (pgo/cpu_level.sh prints one of them).
LEVELS = ["avx512", "avx2", "portable"]

def _cpu_level_impl(rctx):
    script = rctx.path(Label("//pgo:cpu_level.sh"))
    result = rctx.execute(["bash", str(script)])
    level = result.stdout.strip()
    if result.return_code != 0 or level not in LEVELS:
        fail("pgo/cpu_level.sh failed (exit %d): %s%s" % (result.return_code, level, result.stderr))
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    rctx.file("BUILD.bazel", "exports_files([\"level.bzl\"])\n")
    rctx.file("level.bzl", "\"\"\"Written by pgo/cpu_level.bzl.\"\"\"\n\nCPU_LEVEL = \"%s\"\n" % level)

cpu_level = repository_rule(
    implementation = _cpu_level_impl,
    local = True,
    doc = "The level (pgo/cpu_level.sh) of the CPU the build runs on, as @NAME//:level.bzl.",
)
