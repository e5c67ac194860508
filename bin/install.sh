#!/usr/bin/env bash
# The SamplePipes installer: installs the tree it sits in (a release archive unpacked, or what
# `swift package install-tools` stages), and uninstalls what it installed.
#
#   ./install.sh [--prefix DIR]               install into DIR (default: ~/.local)
#   ./install.sh --uninstall [--prefix DIR]   remove what an install into DIR installed
#
# An install first checks every file of the tree against the tree's SHA256SUMS (nothing is
# installed when one differs or is missing), then copies each file it lists but install.sh and
# SHA256SUMS themselves under DIR (bin/, share/man/man1/, the bash, zsh and fish completions,
# share/doc/samplepipes/) and a copy of itself as DIR/share/samplepipes/install.sh, each through a
# temporary file renamed into place. It writes DIR/share/samplepipes/manifest: each file with its
# SHA-256, and each folder it had to create. Without --prefix, the bash and fish completions go
# where bash-completion and fish look for the user's own ($BASH_COMPLETION_USER_DIR/completions,
# else $XDG_DATA_HOME/bash-completion/completions; $XDG_DATA_HOME/fish/vendor_completions.d;
# XDG_DATA_HOME defaults to ~/.local/share). It ends by printing the lines to add to the shell,
# quoted for it.
#
# An install over an earlier one removes the files the earlier one installed that this one does
# not (when unchanged), and keeps the earlier one's folders as created by it. --uninstall removes
# each file the manifest lists that still holds what was installed (a changed file is left, with a
# warning), the manifest, and the folders the installs created once they are empty; nothing else.
#
# Exit status: 0 done, 1 failure (a sum that differs, a file that cannot be written, no manifest
# to uninstall), 64 usage. Needs bash 4 or later and coreutils (sha256sum).
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@" # run as `sh install.sh`
set -euo pipefail
umask 022

me=install.sh
usage() { sed -n '2,/^set /s/^# \{0,1\}//p' "$0"; }
fail() {
  printf '%s: error: %s\n' "$me" "$1" >&2
  exit "${2:-1}"
}

prefix=
prefix_given=false
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || fail "--prefix needs a folder; see '$0 --help'" 64
      prefix=$2
      prefix_given=true
      shift 2
      ;;
    --prefix=*) prefix=${1#--prefix=}; prefix_given=true; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) usage; exit 0 ;;
    *) fail "unknown argument '$1'; see '$0 --help'" 64 ;;
  esac
done

# 'text' quoted for a POSIX shell: as it is when it holds only characters no shell treats
# specially, else in single quotes (a ' written as '\'').
quote() {
  case "$1" in
    '' | *[!A-Za-z0-9_./,:+@%=-]*) printf "'%s'" "${1//\'/\'\\\'\'}" ;;
    *) printf '%s' "$1" ;;
  esac
}

if ! $prefix_given; then
  [ -n "${HOME:-}" ] || fail "HOME is not set: give --prefix DIR" 64
  prefix=$HOME/.local
fi
[ -n "$prefix" ] || fail "--prefix needs a folder, not ''" 64
case "$prefix" in *$'\n'*) fail "the prefix holds a line break: the manifest lists one path a line" 64 ;; esac
case "$prefix" in /*) ;; *) prefix=$PWD/$prefix ;; esac
while [ "${#prefix}" -gt 1 ] && [ "${prefix%/}" != "$prefix" ]; do prefix=${prefix%/}; done
manifest=$prefix/share/samplepipes/manifest

# The folder of a file of the tree: under the prefix, except the bash and fish completions of an
# install for the user (no --prefix), which go where bash-completion and fish look.
data_home=${XDG_DATA_HOME:-}
case "$data_home" in /*) ;; *) data_home=${HOME:-}/.local/share ;; esac
bash_user=${BASH_COMPLETION_USER_DIR:-}
case "$bash_user" in /*) ;; *) bash_user=$data_home/bash-completion ;; esac
target() {
  local relative=$1
  if ! $prefix_given; then
    case "$relative" in
      share/bash-completion/completions/*) printf '%s\n' "$bash_user/completions/${relative##*/}"; return ;;
      share/fish/vendor_completions.d/*) printf '%s\n' "$data_home/fish/vendor_completions.d/${relative##*/}"; return ;;
    esac
  fi
  printf '%s\n' "$prefix/$relative"
}

# The manifest's entries: "file SHA256 PATH" and "dir PATH", one a line, after a comment.
declare -A old_files=()
old_dirs=()
read_manifest() {
  local kind rest sum path
  while IFS= read -r line; do
    case "$line" in
      '#'* | '') continue ;;
    esac
    kind=${line%% *}
    rest=${line#* }
    case "$kind" in
      file)
        sum=${rest%% *}
        path=${rest#* }
        old_files[$path]=$sum
        ;;
      dir) old_dirs+=("$rest") ;;
      *) fail "$manifest: a line that is not 'file SUM PATH' or 'dir PATH': $line" ;;
    esac
  done <"$manifest"
}

sum_of() { sha256sum -- "$1" | { read -r sum _ && printf '%s\n' "$sum"; }; }

if $uninstall; then
  [ -f "$manifest" ] || fail "no manifest at $(quote "$manifest"): nothing was installed into $(quote "$prefix") by $me"
  read_manifest
  removed=0
  kept=0
  for path in "${!old_files[@]}"; do
    if [ -L "$path" ] || [ ! -e "$path" ]; then
      [ -L "$path" ] && { printf '%s: warning: %s is now a link; left as it is\n' "$me" "$(quote "$path")" >&2; kept=$((kept + 1)); }
      continue
    fi
    if [ -f "$path" ] && [ "$(sum_of "$path")" = "${old_files[$path]}" ]; then
      rm -f -- "$path"
      removed=$((removed + 1))
    else
      printf '%s: warning: %s changed since it was installed; left as it is\n' "$me" "$(quote "$path")" >&2
      kept=$((kept + 1))
    fi
  done
  rm -f -- "$manifest"
  # The folders the installs created, deepest first, each once it is empty.
  for ((i = ${#old_dirs[@]} - 1; i >= 0; i--)); do
    rmdir -- "${old_dirs[i]}" 2>/dev/null || true
  done
  printf '%s: removed %d files installed into %s' "$me" "$removed" "$(quote "$prefix")"
  [ "$kept" -gt 0 ] && printf ' (%d left: see above)' "$kept"
  printf '\n'
  exit 0
fi

# The tree: the folder this script is in, checked against its SHA256SUMS before anything is written.
tree=$(cd "$(dirname "$0")" && pwd)
[ -f "$tree/SHA256SUMS" ] || fail "$(quote "$tree/SHA256SUMS") is missing: run the install.sh of an unpacked release"
if ! check=$(cd "$tree" && LC_ALL=C sha256sum --strict --quiet -c SHA256SUMS 2>&1); then
  printf '%s\n' "$check" >&2
  fail "the files above do not match $(quote "$tree/SHA256SUMS"); nothing was installed (download the archive again)"
fi
files=()
while IFS= read -r line; do
  relative=${line#*  }
  case "$relative" in
    SHA256SUMS | install.sh) ;;
    /* | *..*) fail "SHA256SUMS names a path outside the tree: $relative" ;;
    *) files+=("$relative") ;;
  esac
done <"$tree/SHA256SUMS"
[ ${#files[@]} -gt 0 ] || fail "$(quote "$tree/SHA256SUMS") lists no files"
files+=(install.sh)
version=$(sed -n 's/^## \([0-9][^ ]*\).*/\1/p;T;q' "$tree/share/doc/samplepipes/CHANGELOG.md" 2>/dev/null || true)

[ -f "$manifest" ] && read_manifest
new_dirs=("${old_dirs[@]}")
declare -A new_files=()
replaced=()
# Writes the manifest as it stands (also after a failure half-way, so that --uninstall removes
# what was installed), through a temporary file renamed over it.
write_manifest() {
  local path
  [ ${#new_files[@]} -gt 0 ] || return 0
  mkdir -p -- "${manifest%/*}"
  {
    printf '# SamplePipes %s installed by install.sh into %s; "install.sh --uninstall --prefix DIR" removes it\n' \
      "${version:-?}" "$prefix"
    for path in "${new_dirs[@]}"; do printf 'dir %s\n' "$path"; done
    for path in "${!new_files[@]}"; do printf 'file %s %s\n' "${new_files[$path]}" "$path"; done | LC_ALL=C sort -k3
  } >"$manifest.tmp-$$"
  mv -f -- "$manifest.tmp-$$" "$manifest"
}
trap 'status=$?; write_manifest; exit $status' EXIT

# Makes a folder and its missing parents, noting each one made (parents first).
make_folder() {
  local folder=$1 missing=() parent
  parent=$folder
  while [ ! -d "$parent" ]; do
    missing=("$parent" "${missing[@]}")
    parent=$(dirname -- "$parent")
  done
  for parent in "${missing[@]}"; do
    mkdir -- "$parent" || fail "cannot make the folder $(quote "$parent")"
    new_dirs+=("$parent")
  done
}

make_folder "${manifest%/*}"
for relative in "${files[@]}"; do
  source_file=$tree/$relative
  if [ "$relative" = install.sh ]; then
    path=${manifest%/*}/install.sh
  else
    path=$(target "$relative")
  fi
  make_folder "${path%/*}"
  if [ -e "$path" ] || [ -L "$path" ]; then
    [ -d "$path" ] && [ ! -L "$path" ] && fail "$(quote "$path") is a folder; remove it and install again"
    [ -n "${old_files[$path]:-}" ] || replaced+=("$path")
  fi
  temporary=${path%/*}/.${path##*/}.tmp-$$
  cp -- "$source_file" "$temporary" || { rm -f -- "$temporary"; fail "cannot write $(quote "$temporary")"; }
  case "$relative" in bin/* | install.sh) chmod 755 "$temporary" ;; *) chmod 644 "$temporary" ;; esac
  mv -f -- "$temporary" "$path" || { rm -f -- "$temporary"; fail "cannot install $(quote "$path")"; }
  new_files[$path]=$(sum_of "$path")
done
# What an earlier install put here and this one does not: removed when unchanged.
for path in "${!old_files[@]}"; do
  if [ -z "${new_files[$path]:-}" ] && [ -f "$path" ] && [ ! -L "$path" ] \
    && [ "$(sum_of "$path")" = "${old_files[$path]}" ]; then
    rm -f -- "$path"
  fi
done
write_manifest
trap - EXIT

if [ ${#replaced[@]} -gt 0 ]; then
  printf '%s: note: replaced %d files that %s had not installed, such as %s\n' \
    "$me" "${#replaced[@]}" "$me" "$(quote "${replaced[0]}")" >&2
fi
bin=$prefix/bin
share=$prefix/share
tools=()
for relative in "${files[@]}"; do case "$relative" in bin/*) tools+=("${relative#bin/}") ;; esac; done
printf '%s: installed SamplePipes %s (%s) into %s\n' "$me" "${version:-?}" "${tools[*]}" "$(quote "$prefix")"
printf '%s: %d files, listed in %s\n' "$me" "${#new_files[@]}" "$(quote "$manifest")"
case "$bin" in *:*) printf '%s: warning: %s holds a colon, so it cannot be on PATH\n' "$me" "$(quote "$bin")" >&2 ;; esac

# The lines for the shell. bash-completion (2.11, Debian 12's) looks in the user's folder and in
# each XDG_DATA_DIRS folder's bash-completion/completions (default /usr/local/share:/usr/share),
# not beside the folders of PATH: a prefix elsewhere needs its share folder in XDG_DATA_DIRS.
bash_line=
if $prefix_given; then
  case "$share" in
    /usr/local/share | /usr/share) ;;
    *) bash_line="export XDG_DATA_DIRS=$(quote "$share"):\"\${XDG_DATA_DIRS:-/usr/local/share:/usr/share}\"" ;;
  esac
fi
echo "Add these lines to your shell's startup file (~/.bashrc, ~/.zshrc; man finds the pages through PATH):"
case ":$PATH:" in
  *":$bin:"*) echo "  # $bin is on PATH already" ;;
  *) echo "  export PATH=$(quote "$bin"):\"\$PATH\"" ;;
esac
echo "Completions (they ask the tools for words, so the tools must be on PATH):"
if [ -n "$bash_line" ]; then
  echo "  bash: with bash-completion, in ~/.bashrc:"
  echo "    $bash_line"
else
  echo "  bash: bash-completion loads them on its own"
fi
echo "  zsh:  in ~/.zshrc, before compinit:"
echo "    fpath=($(quote "$share/zsh/site-functions") \$fpath)"
if $prefix_given; then
  echo "  fish: in ~/.config/fish/config.fish:"
  echo "    set -p fish_complete_path $(quote "$share/fish/vendor_completions.d")"
else
  echo "  fish: fish loads them on its own"
fi
echo "Uninstall with: $(quote "${manifest%/*}/install.sh") --uninstall$($prefix_given && printf ' --prefix %s' "$(quote "$prefix")")"
