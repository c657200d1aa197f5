"""Repository rule: the llvm-profdata that matches the C++ compiler ($CC = clang-<major>).

The training rule must not depend on the C++ toolchain (the toolchain is configured by the very
transition that needs the profile), so the tool comes in as a plain file from here.
"""

def _llvm_profdata_impl(rctx):
    cc = rctx.os.environ.get("CC", "clang")
    major = cc.rpartition("-")[2] if "-" in cc else ""
    candidates = ["llvm-profdata-" + major] if major.isdigit() else []
    candidates.append("llvm-profdata")
    found = None
    for name in candidates:
        found = found or rctx.which(name)
    if found:
        rctx.symlink(found, "llvm-profdata")
    else:
        rctx.file(
            "llvm-profdata",
            "#!/bin/sh\necho 'llvm-profdata not found: install llvm-%s (./bazelw does)' >&2\nexit 1\n" % major,
            executable = True,
        )
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    rctx.file("BUILD.bazel", "exports_files([\"llvm-profdata\"])\n")

llvm_profdata = repository_rule(
    implementation = _llvm_profdata_impl,
    environ = ["CC"],
    local = True,
)
