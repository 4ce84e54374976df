# bash completion for replay (deedlog): the options come from replay --help's own table.
_replay() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  case $prev in
    --db|--html|--svg|--plot) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "text json notation" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" --help 2>/dev/null | grep -o -- '--[a-z-]*' | sort -u)" -- "$cur"))
  fi
}
complete -F _replay replay
