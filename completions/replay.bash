# bash completion for replay (deedlog): the options come from replay --help's own table, the
# game ids from the journal of the --db given (`replay __complete games --db FILE`).
_replay() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i
  local -a where=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == --db ]] && where=(--db "${COMP_WORDS[i+1]}")
  done
  case $prev in
    --game) COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" __complete games "${where[@]}" 2>/dev/null)" -- "$cur")); return ;;
    --db|--html|--svg|--plot|--analysis) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "text json notation" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" --help 2>/dev/null | grep -o -- '--[a-z-]*' | sort -u)" -- "$cur"))
  fi
}
complete -F _replay replay
