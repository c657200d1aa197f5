"""Build settings of the PGO pipeline (see pgo.bzl)."""

def _string_setting_impl(ctx):
    return []

string_setting = rule(
    implementation = _string_setting_impl,
    build_setting = config.string(flag = True),
    doc = "A string-valued build setting.",
)

def _bool_setting_impl(ctx):
    return []

bool_setting = rule(
    implementation = _bool_setting_impl,
    build_setting = config.bool(flag = True),
    doc = "A boolean build setting.",
)
