"""Exposes Debian's system C++ libraries and Bazel's helper repositories under their usual names.

Nothing here downloads: Bazel 4.2.3 (Debian's bazel-bootstrap) cannot, and the build machine only
reaches Debian's archive. Each library becomes a header-less `cc_library` whose `linkopts` come
from pkg-config (headers live in /usr/include, which the toolchain already searches).
"""

load("//pgo:cpu_level.bzl", "cpu_level")
load("//pgo:llvm_profdata.bzl", "llvm_profdata")

_MOCK_REPOS = "/usr/src/bazel-bootstrap/mock_repos"

# Abseil targets Pyke uses: Bazel label inside @com_google_absl -> pkg-config module.
_ABSL_TARGETS = {
    "absl/flags:config": "absl_flags_config",
    "absl/flags:flag": "absl_flags",
    "absl/flags:parse": "absl_flags_parse",
    "absl/flags:usage": "absl_flags_usage",
    "absl/numeric:int128": "absl_int128",
    "absl/status": "absl_status",
    "absl/status:statusor": "absl_statusor",
    "absl/strings": "absl_strings",
    "absl/strings:str_format": "absl_str_format",
}

def _pkg_config_libs(rctx, module):
    result = rctx.execute(["pkg-config", "--libs", module])
    if result.return_code != 0:
        fail("pkg-config --libs %s failed (is the Debian package installed? run ./bazelw): %s" %
             (module, result.stderr))
    return result.stdout.strip().split(" ")

def _static_absl(linkopts):
    # Abseil's archives are linked in whole-program fashion: 50 shared objects would cost pyke
    # more time at start-up than a small perft takes.
    return ["-l:lib%s.a" % opt[2:] if opt.startswith("-labsl_") else opt for opt in linkopts]

def _cc_import_block(name, linkopts):
    return """cc_library(
    name = "{name}",
    linkopts = {linkopts},
    visibility = ["//visibility:public"],
)
""".format(name = name, linkopts = repr(linkopts))

def _absl_block(name, static, shared):
    # Static unless //third_party:shared_absl is set (a shared library links the .so files).
    return """cc_library(
    name = "{name}",
    linkopts = select({{
        "@//third_party:absl_shared": {shared},
        "//conditions:default": {static},
    }}),
    visibility = ["//visibility:public"],
)
""".format(name = name, static = repr(static), shared = repr(shared))

def _system_absl_impl(rctx):
    rctx.file("WORKSPACE", "workspace(name = \"com_google_absl\")\n")
    packages = {}
    for label, module in _ABSL_TARGETS.items():
        package, _, name = label.partition(":")
        if not name:
            name = package.split("/")[-1]
        shared = _pkg_config_libs(rctx, module)
        packages.setdefault(package, []).append(_absl_block(name, _static_absl(shared), shared))
    for package, blocks in packages.items():
        rctx.file(package + "/BUILD.bazel", "\n".join(blocks))

_system_absl = repository_rule(
    implementation = _system_absl_impl,
    local = True,
    doc = "Debian's libabsl-dev as @com_google_absl.",
)

def _system_pkg_config_impl(rctx):
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    blocks = [
        _cc_import_block(
            name,
            rctx.attr.extra_linkopts.get(name, []) + _pkg_config_libs(rctx, module),
        )
        for name, module in rctx.attr.targets.items()
    ]
    rctx.file("BUILD.bazel", "\n".join(blocks))

_system_pkg_config = repository_rule(
    implementation = _system_pkg_config_impl,
    attrs = {
        "targets": attr.string_dict(doc = "target name -> pkg-config module"),
        "extra_linkopts": attr.string_list_dict(doc = "target name -> link options before the module's"),
    },
    local = True,
    doc = "A system library found by pkg-config, one cc_library per module.",
)

def _system_mpi_impl(rctx):
    # Open MPI's headers live outside /usr/include: each -I directory of `pkg-config ompi-c` is
    # linked into this repository and exported as a header-carrying cc_library, so that Bazel
    # sees (and sandboxes) them like any other dependency's.
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    includes = []
    for i, directory in enumerate(_include_dirs(rctx, "ompi-c", "libopenmpi-dev")):
        rctx.symlink(directory, "include%d" % i)
        includes.append("include%d" % i)
    rctx.file("BUILD.bazel", """cc_library(
    name = "mpi",
    hdrs = glob([{globs}]),
    includes = {includes},
    linkopts = {linkopts},
    visibility = ["//visibility:public"],
)
""".format(
        globs = ", ".join(['"%s/**/*.h"' % d for d in includes]),
        includes = repr(includes),
        linkopts = repr(_pkg_config_libs(rctx, "ompi-c")),
    ))

_system_mpi = repository_rule(
    implementation = _system_mpi_impl,
    local = True,
    doc = "Debian's Open MPI (libopenmpi-dev) as @openmpi//:mpi.",
)

def _include_dirs(rctx, module, hint):
    result = rctx.execute(["pkg-config", "--cflags-only-I", module])
    if result.return_code != 0:
        fail("pkg-config %s failed (is %s installed? run ./bazelw): %s" % (module, hint, result.stderr))
    return [flag[2:] for flag in result.stdout.strip().split(" ") if flag.startswith("-I")]

def _system_python_impl(rctx):
    # Debian's Python headers (python3-dev) and pybind11 (pybind11-dev), linked into this
    # repository and exported as header-carrying cc_libraries, as Open MPI's above. An extension
    # module links against nothing: the interpreter that imports it provides libpython's symbols.
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    includes = []
    for i, directory in enumerate(_include_dirs(rctx, "python3", "python3-dev")):
        rctx.symlink(directory, "python%d" % i)
        includes.append("python%d" % i)
    pybind11 = rctx.execute(["pkg-config", "--variable=includedir", "pybind11"])
    if pybind11.return_code != 0:
        fail("pkg-config pybind11 failed (is pybind11-dev installed? run ./bazelw): " + pybind11.stderr)
    rctx.symlink(pybind11.stdout.strip() + "/pybind11", "pybind11_include/pybind11")
    rctx.file("BUILD.bazel", """cc_library(
    name = "python_headers",
    hdrs = glob([{globs}]),
    includes = {includes},
    visibility = ["//visibility:public"],
)

cc_library(
    name = "pybind11",
    hdrs = glob(["pybind11_include/pybind11/**/*.h"]),
    includes = ["pybind11_include"],
    visibility = ["//visibility:public"],
    deps = [":python_headers"],
)
""".format(
        globs = ", ".join(['"%s/**/*.h"' % d for d in includes]),
        includes = repr(includes),
    ))

_system_python = repository_rule(
    implementation = _system_python_impl,
    local = True,
    doc = "Debian's Python headers and pybind11 as @system_python//:python_headers and :pybind11.",
)

def pyke_system_dependencies():
    """Declares every external repository of the workspace. Call once from WORKSPACE."""
    llvm_profdata(name = "llvm_profdata")
    cpu_level(name = "pyke_cpu_level")
    for name in ["rules_cc", "rules_java", "platforms", "bazel_skylib"]:
        native.local_repository(name = name, path = _MOCK_REPOS + "/" + name)

    # `bazel test` asks for @remote_coverage_tools even without coverage; a local stub stops
    # it from trying to download the real one.
    native.local_repository(
        name = "remote_coverage_tools",
        path = "third_party/remote_coverage_tools",
    )
    _system_absl(name = "com_google_absl")
    _system_mpi(name = "openmpi")
    _system_python(name = "system_python")
    _system_pkg_config(
        name = "com_google_googletest",
        targets = {"gtest": "gtest", "gtest_main": "gtest_main", "gmock": "gmock"},
    )
    _system_pkg_config(
        name = "com_github_google_benchmark",
        targets = {"benchmark": "benchmark", "benchmark_main": "benchmark"},
        # Debian ships libbenchmark_main.a without a pkg-config module of its own.
        extra_linkopts = {"benchmark_main": ["-lbenchmark_main"]},
    )
