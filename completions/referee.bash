# bash completion for referee (deedlog). The words come from the program itself
# (`referee __complete commands|options CMD|players|rulesets`), so they follow its help tables
# and the game at hand: `play`, `settle` and `dispute` offer the players of the --db/--game given.
_referee() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local program=${COMP_WORDS[0]} command="" i
  local -a where=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --db|--game) where+=("${COMP_WORDS[i]}" "${COMP_WORDS[i+1]}"); ((i++)) ;;
      -*) ;;
      *) [[ -z $command ]] && command=${COMP_WORDS[i]} ;;
    esac
  done
  case $prev in
    --db|--ruleset-file|--keys|--key-file|--annotate) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --ruleset) COMPREPLY=($(compgen -W "$("$program" __complete rulesets 2>/dev/null)" -- "$cur")); return ;;
    --game)
      local -a db=()
      for ((i = 0; i < ${#where[@]}; i += 2)); do [[ ${where[i]} == --db ]] && db=(--db "${where[i+1]}"); done
      COMPREPLY=($(compgen -W "$("$program" "${db[@]}" __complete games 2>/dev/null)" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$("$program" __complete options "$command" 2>/dev/null)" -- "$cur"))
  elif [[ -z $command ]]; then
    COMPREPLY=($(compgen -W "$("$program" __complete commands 2>/dev/null)" -- "$cur"))
  else
    case $command in
      help) COMPREPLY=($(compgen -W "$("$program" __complete commands 2>/dev/null)" -- "$cur")) ;;
      import|audit) COMPREPLY=($(compgen -f -X '!*.game' -- "$cur") $(compgen -d -- "$cur") - ) ;;
      play|settle|dispute)
        local IFS=$'\n'
        COMPREPLY=($(compgen -W "$("$program" "${where[@]}" __complete players 2>/dev/null)" -- "$cur")) ;;
    esac
  fi
}
complete -F _referee referee
