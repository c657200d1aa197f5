"""The build setting that turns depth-2 plans off (perft/internal/plans.h).

    bazel build --//perft:plans_off=lone_slider,calm_king_steps //cli:pyke

The names are the rows of plans.h's table; the compile checks them (an unknown name, or
every_child, stops the build). A node whose plan is off takes the next row that holds.
"""

def _plans_off_impl(ctx):
    names = ",".join(ctx.build_setting_value)
    return [CcInfo(compilation_context = cc_common.create_compilation_context(
        defines = depset(['PYKE_PLANS_OFF="%s"' % names] if names else []),
    ))]

plans_off = rule(
    implementation = _plans_off_impl,
    build_setting = config.string_list(flag = True),
    doc = "The depth-2 plans a build leaves out, by name; a C++ define for whatever depends on it.",
)
