"""Profile-guided optimisation: a profile kept in the repository, or trained inside one build.

    load("//pgo:pgo.bzl", "pgo_binary", "PGO_COPTS", "PGO_DEPS")

    cc_library(name = "lib", ..., copts = PGO_COPTS, deps = PGO_DEPS + [...])
    cc_binary(name = "tool_plain", ..., copts = PGO_COPTS, deps = PGO_DEPS + [...])
    pgo_binary(
        name = "tool",
        binary = ":tool_plain",
        training_runs = [["--depth", "6"], ["--other", "workload"]],
    )

and `//pkg:tool_training` listed in `//pgo:training` (pgo/BUILD.bazel). In the default
configuration (.bazelrc: `--//pgo:mode=use --//pgo:profile=//pgo:committed`) everything that lists
PGO_COPTS is compiled with `-fprofile-use` and the profile kept in the repository for the build's
instruction level, pgo/LEVEL.profdata (`pgo_profile_file`; //pgo:committed picks it);
pgo/train_profile.sh trains those files again. Under
`--config=train` (`--//pgo:profile=//pgo:training`) `bazel build :tool` builds every trained
binary instrumented (clang -fprofile-generate, in a configuration of its
own), runs each once per training run, merges all the raw profiles into one with llvm-profdata,
and compiles `tool_plain` and everything else that lists PGO_COPTS with `-fprofile-use`.
`--config=nopgo` (`--//pgo:mode= --//pgo:profile=//pgo:empty_profile`) compiles without a
profile and trains nothing.

One profile, set for the whole build rather than by a transition per binary: the binaries and
the libraries the tests link are then compiled in one configuration (the Python module in one
more, which links Abseil's shared libraries and is compiled position-independent), so the
binaries and the tests share each library's objects instead of each binary's profile compiling a
copy of its own, and the tests test the code that ships. The profiles of different binaries
merge: a function's counters are keyed by its name and the hash of its control flow, and the same
source gives the same keys.

How the profile reaches the compiles: every PGO-aware target lists PGO_DEPS, the label_flag
`//pgo:profile`, which points at `//pgo:committed` or `//pgo:training`, whose CcInfo carries the .profdata as a
"header", so it is an input of every compile, and PGO_COPTS adds
`-fprofile-use=$(execpath //pgo:profile)`. The instrumented configuration points the flag at an
empty profile, which breaks the cycle.

Bazel prunes a compile's declared headers to those the compiler's dependency file lists, and a
profile is not an #include, so a new profile alone would rebuild nothing: a changed training run
left the previous profile's objects in place. PGO_COPTS therefore also name the profile in the
dependency file (clang's `-fdepfile-entry`), and a new profile recompiles every source built with
one.
"""

_MODE = "//pgo:mode"
_PROFILE = "//pgo:profile"
_WHITELIST = "@bazel_tools//tools/whitelists/function_transition_whitelist"

PGO_COPTS = select({
    "//pgo:use_profile": [
        "-fprofile-use=$(execpath //pgo:profile)",
        "-Xclang",
        "-fdepfile-entry=$(execpath //pgo:profile)",
        # A function whose control flow changed since the profile was trained loses its counts,
        # and clang says so (-Wbackend-plugin: "function control flow change detected (hash
        # mismatch) NAME … up to N count discarded"): that is how a stale committed profile shows
        # (pgo/check_profile.sh, run by .ci/run). By default LLVM keeps quiet about templates and
        # inline functions (COMDAT or weak linkage), which the kernels are: this makes it say so
        # for them too. (A function the profile has never seen is not reported: clang cannot
        # tell one that is new from one that was never linked into a trained binary, and the
        # latter are hundreds.)
        "-mllvm",
        "-no-pgo-warn-mismatch-comdat-weak=false",
    ],
    "//conditions:default": [],
})

# What the kernels' libraries (//perft) are compiled with: PGO_COPTS, and with a profile LLVM's
# inline cost-benefit analysis off unless --//pgo:kernel_cost_benefit_inlining (pgo/BUILD.bazel).
PGO_KERNEL_COPTS = PGO_COPTS + select({
    "//pgo:use_profile_kernel_without_cost_benefit": [
        "-mllvm",
        "-inline-enable-cost-benefit-analysis=false",
    ],
    "//conditions:default": [],
})

PGO_DEPS = ["//pgo:profile"]

_SHARED_ABSL = "//third_party:shared_absl"

# .bazelrc turns the toolchain's `supports_pic` off, so that a cc_library outputs no .pic.a beside
# its .a. The Python module, a shared library, needs position-independent objects: its
# configuration turns the feature back on. The training is reached from both configurations, and
# Bazel 4 names an output directory after the options that transitions changed on the way there,
# so one way changing the features and the other not would train every binary twice. The
# training's features therefore differ from both (the feature turned off twice: the same build),
# and both ways change them to the same value.
_FEATURES = "//command_line_option:features"
_NO_PIC = "-supports_pic"

def _features_with_pic(settings):
    return [f for f in settings[_FEATURES] if f != _NO_PIC]

def _training_features(settings):
    return _features_with_pic(settings) + [_NO_PIC, _NO_PIC]

def _instrument_transition_impl(settings, attr):
    # Every setting the other transition touches is set here, so that the instrumented build is one
    # configuration however it is reached (from the binaries' configuration or the Python module's).
    return {
        "//command_line_option:fdo_instrument": "pgo-profiles",
        "//command_line_option:compilation_mode": "opt",
        _MODE: "instrument",
        _PROFILE: "//pgo:empty_profile",
        _SHARED_ABSL: False,
        _FEATURES: _training_features(settings),
    }

_instrument_transition = transition(
    implementation = _instrument_transition_impl,
    inputs = [_FEATURES],
    outputs = [
        "//command_line_option:fdo_instrument",
        "//command_line_option:compilation_mode",
        _MODE,
        _PROFILE,
        _SHARED_ABSL,
        _FEATURES,
    ],
)

def _pgo_profile_impl(ctx):
    binary = ctx.executable.binary
    profdata = ctx.actions.declare_file(ctx.label.name + ".profdata")
    raw_dir = profdata.path + ".raw"
    commands = ["set -eu", "rm -rf '%s'" % raw_dir, "mkdir -p '%s'" % raw_dir]
    for i in range(len(ctx.attr.training_runs)):
        run = ctx.attr.training_runs[str(i)]
        args = " ".join(["'%s'" % a.replace("'", "'\\''") for a in run])
        stdin = ctx.attr.training_stdin.get(str(i), "")
        commands.append(
            "printf '%%s' '%s' | LLVM_PROFILE_FILE='%s/run%d-%%p.profraw' '%s' %s > /dev/null" %
            (stdin.replace("'", "'\\''"), raw_dir, i, binary.path, args),
        )
    commands.append("'%s' merge -o '%s' '%s'/*.profraw" % (ctx.file._llvm_profdata.path, profdata.path, raw_dir))
    ctx.actions.run_shell(
        command = "\n".join(commands),
        inputs = [binary],
        tools = [ctx.file._llvm_profdata],
        outputs = [profdata],
        mnemonic = "PgoTrain",
        progress_message = "Training %s for PGO" % ctx.attr.binary[0].label,
    )
    return [DefaultInfo(files = depset([profdata]))]

pgo_profile = rule(
    implementation = _pgo_profile_impl,
    attrs = {
        "binary": attr.label(executable = True, cfg = _instrument_transition),
        # The arguments of run i, by index ("0", "1", …).
        "training_runs": attr.string_list_dict(),
        # Standard input of run i, by index.
        "training_stdin": attr.string_dict(),
        "_llvm_profdata": attr.label(default = "@llvm_profdata//:llvm-profdata", allow_single_file = True),
        "_whitelist_function_transition": attr.label(default = _WHITELIST),
    },
    doc = "Runs an instrumented build of `binary` on the training runs; their .profdata, merged.",
)

def _profile_file_impl(ctx):
    return [
        DefaultInfo(files = depset([ctx.file.profile])),
        CcInfo(compilation_context = cc_common.create_compilation_context(
            headers = depset([ctx.file.profile]),
        )),
    ]

pgo_profile_file = rule(
    implementation = _profile_file_impl,
    attrs = {
        "profile": attr.label(allow_single_file = [".profdata"]),
    },
    doc = "A .profdata kept in the repository, as the profile of a PGO build (`//pgo:profile`).",
)

def _training_transition_impl(settings, attr):
    # The Python module's configuration (Abseil shared, position-independent) reaches the training
    # too: without this it would train every binary a second time, and perhaps into a different
    # profile.
    return {_SHARED_ABSL: False, _FEATURES: _training_features(settings)}

_training_transition = transition(
    implementation = _training_transition_impl,
    inputs = [_FEATURES],
    outputs = [_SHARED_ABSL, _FEATURES],
)

def _merged_profile_impl(ctx):
    profdata = ctx.actions.declare_file(ctx.label.name + ".profdata")
    inputs = ctx.files.profiles
    ctx.actions.run(
        executable = ctx.file._llvm_profdata,
        arguments = ["merge", "-o", profdata.path] + [f.path for f in inputs],
        inputs = inputs,
        outputs = [profdata],
        mnemonic = "PgoMerge",
        progress_message = "Merging the PGO profiles of %d binaries" % len(inputs),
    )
    return [
        DefaultInfo(files = depset([profdata])),
        CcInfo(compilation_context = cc_common.create_compilation_context(
            headers = depset([profdata]),
        )),
    ]

pgo_merged_profile = rule(
    implementation = _merged_profile_impl,
    attrs = {
        "profiles": attr.label_list(
            cfg = _training_transition,
            doc = "pgo_profile targets (pgo_binary's NAME_training)",
        ),
        "_llvm_profdata": attr.label(default = "@llvm_profdata//:llvm-profdata", allow_single_file = True),
        "_whitelist_function_transition": attr.label(default = _WHITELIST),
    },
    doc = "One .profdata from several binaries' profiles: the profile of every PGO build.",
)

def _pgo_optimized_binary_impl(ctx):
    binary = ctx.attr.binary
    src = binary[DefaultInfo].files_to_run.executable
    out = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.symlink(output = out, target_file = src, is_executable = True)
    runfiles = ctx.runfiles(files = [src]).merge(binary[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = out, files = depset([out]), runfiles = runfiles)]

_pgo_optimized_binary = rule(
    implementation = _pgo_optimized_binary_impl,
    executable = True,
    attrs = {
        "binary": attr.label(cfg = "target", executable = True),
    },
)

def pgo_binary(name, binary, training_runs, training_stdin = {}, **kwargs):
    """A PGO build of `binary` under `name`, trained with `training_runs` (lists of arguments).

    training_stdin maps a run's index to the text it reads on standard input. The training is
    the target NAME_training, which must be listed in `//pgo:training`: the profile of
    `--config=train` builds, and what pgo/train_profile.sh trains pgo/LEVEL.profdata from.
    """
    pgo_profile(
        name = name + "_training",
        binary = binary,
        training_runs = {str(i): run for i, run in enumerate(training_runs)},
        training_stdin = {str(k): v for k, v in training_stdin.items()},
        tags = ["manual"],
        visibility = ["//pgo:__pkg__"],
    )
    _pgo_optimized_binary(
        name = name,
        binary = binary,
        **kwargs
    )

def _shared_library_transition_impl(settings, attr):
    return {_SHARED_ABSL: True, _FEATURES: _features_with_pic(settings)}

_shared_library_transition = transition(
    implementation = _shared_library_transition_impl,
    inputs = [_FEATURES],
    outputs = [_SHARED_ABSL, _FEATURES],
)

def _pgo_shared_library_impl(ctx):
    library = ctx.attr.library[0]
    shared = [f for f in library[DefaultInfo].files.to_list() if f.extension == "so"]
    if len(shared) != 1:
        fail("%s: expected one .so, got %s" % (ctx.attr.library[0].label, shared))
    out = ctx.actions.declare_file(ctx.attr.out)
    ctx.actions.symlink(output = out, target_file = shared[0])
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

pgo_shared_library = rule(
    implementation = _pgo_shared_library_impl,
    attrs = {
        "library": attr.label(
            cfg = _shared_library_transition,
            doc = "a cc_binary with linkshared = True",
        ),
        "out": attr.string(doc = "the file name of the shared library, e.g. pyke.so"),
        "_whitelist_function_transition": attr.label(default = _WHITELIST),
    },
    doc = """A shared library (`library`, a cc_binary with linkshared) built with the build's one
    profile (`//pgo:profile`: the committed one, or `//pgo:training` under `--config=train`). A
    library cannot be run to train it; the kernels it shares with
    the trained binaries get their profile, so they are the same machine code as far as the
    profile decides.""",
)
