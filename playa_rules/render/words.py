"""The renderer's own words: headings and fixed phrases, one table per language.

Only engine words live here (players, components, zones, phases, actions); the game's
words come from its rule data and, in another language, from its catalogue. Every
language has the same keys (a test checks); ``{name}`` fields are filled by
:func:`phrase`.
"""
from __future__ import annotations

from ..compiler.model import FIELD, capped, fill

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "intro": "These rules are rendered from the rule data `{id}`, exactly what the engine runs. "
                 "Code is the effect DSL (see docs/dsl.md): it is the rule itself, not an illustration.",
        "source": "Source", "players": "Players", "variants": "Variants", "no_variants": "none (the base game)",
        "or": "or", "and": "and",
        "components": "Components", "zones": "Zones", "parameters": "Parameters", "variables": "Variables",
        "definitions": "Definitions", "setup": "Setup", "phases": "A hand, phase by phase",
        "actions": "Actions", "scoring": "Scoring", "match": "Match", "assumptions": "Assumptions",
        "rulings": "Rulings",
        "shared_set": "Shared: {n} in all; each starts in `{zone}`.",
        "player_set": "One set per player, {n} in a set ({totals} with {counts} players); "
                      "each set starts in its player's `{zone}`.",
        "shown_as": "Shown as `{label}`.",
        "item": "{n} with {props}", "item_plain": "{n}", "count_expr": "{n} (`{expr}`)",
        "each": "one for each `{prop}` in {values}", "item_label": "shown as `{label}`",
        "each_permutations": "one for each ordered choice of {size} different elements of {values} as `{prop}`",
        "each_combinations": "one for each unordered choice of {size} different elements of {values} as `{prop}`",
        "cvars": "Each carries: {vars}.", "var_init": "`{name}` (initially `{value}`, {reset})",
        "reset_turn": "reset every turn", "reset_hand": "reset every hand",
        "reset_match": "kept for the whole match", "reset_player": "one per player, reset every hand",
        "reset_player_match": "one per player, kept for the whole match",
        "zone_shared": "shared", "zone_player": "one per player", "zone_per": "one on each `{type}`",
        "vis_hidden": "hidden: nobody learns what is put there", "vis_owner": "private: only its owner sees it",
        "vis_public": "public: everyone sees it",
        "holds": "holds {types}",
        "per_count": "{value} with {n} players",
        "setup_intro": "At the start of every hand:",
        "phase_rounds": "{rounds} round(s): in each, every player takes one turn, {order}, starting with {start}.",
        "phase_until": "Turns {order}, starting with {start}, until {until} holds for the player about to play.",
        "phase_seat": "One turn only, played by {seat}.",
        "phase_seats": "One turn for each seat of {seats}, in that order.",
        "phase_next": "Then the game goes on with the phase named by {next}, instead of the next one in order.",
        "phase_none": "No turns: only what happens at its start.",
        "phase_when": "Played only if {cond} holds when it would start; otherwise skipped.",
        "clockwise": "clockwise", "counterclockwise": "counterclockwise",
        "phase_let": "In this phase: {lets}.",
        "on_start": "When the phase starts:", "on_turn_start": "At the start of every turn:",
        "steps": "Each turn, in order:",
        "step_actions": "choose one of {actions}", "step_action": "take the action {actions}", "step_fallback": "if none is legal: {actions}",
        "step_repeat": "again and again while one is legal, until an effect ends the step",
        "step_when": "only if {cond} holds when it starts",
        "step_free": "also {actions} at any time in the step, without ending it",
        "step_effect": "first:", "step_blocked": "if nothing is legal, the step is skipped after:",
        "text_form": "Text form", "let": "First computed", "params": "Choices",
        "played_as": "at the table and in the log: {form}",
        "require": "Requires (all of)", "effect": "Effect",
        "one_of": "one component from {d} (identical ones count once)",
        "position_in": "a position in {d} (0 is the bottom)",
        "group_of": "one or more components from {d}; those with the same `{by}` are interchangeable",
        "seat_in": "a player among {d}", "number_in": "a whole number from {low} to {high}",
        "no_params": "none",
        "scoring_intro": "When a hand ends, each player scores the sum of:",
        "points": "points",
        "hands": "Hands", "rotate": "After each hand the starting player moves {n} seat(s) clockwise.",
        "first_start": "The first hand is started by {seat}.",
        "tie_breaks": "Most points wins. Ties are broken, in order, by:",
        "no_tie_breaks": "Most points wins; tied players share the victory.",
        "still_tied": "Players still tied share the victory.", "end_when": "The match ends early when {cond}.",
        "value": "Value", "about": "About", "alternatives": "Alternatives", "in_force": "In force",
        "default": "the default", "changed": "changed by a variant; the default is {value}",
        "question": "Question", "cites": "The text says",
        "automata": "Seats played by the rules",
        "players_automata": "with {n}, {k} more seats played by the rules: {names}",
        "players_automaton": "with {n}, one more seat played by the rules: {names}",
        "seats": "Seats", "automaton_count": "{k} with {n} players",
        "seats_none_else": "none with other player counts",
        "seats_note": "They sit after the people's seats and count as players everywhere: in turn order, "
                      "in `seats` and in `players`.",
        "can_win": "Can win", "yes": "yes", "no": "no",
        "cannot_win_note": "The winners are the people with the most points, whatever these seats score.",
        "plays": "Plays",
        "plays_intro": "at each of its decisions, without asking anyone, the first of these that has a legal action:",
        "play_when": "{action}: the first legal one for which {cond} holds",
        "play_any": "{action}: the first legal one",
        "plays_stuck": "A decision none of these fits stops the game with an error.",
        "next_start": "Each next hand is started by {seat}, worked out when a hand ends (`current_player` is "
                      "then the player whose turn ended it).",
        "match_points": "A player's points for the match: {expr}, read from the game when it ends, instead of "
                        "the sum of the hands' scores (which the rules can still read as `me.hand_scores`).",
        "no_catalogue": "The game's texts are in English: there is no catalogue in this language for `{id}` "
                        "(see docs/translations.md).",
    },
    "it": {
        "intro": "Queste regole sono generate dai dati `{id}`, esattamente ciò che esegue il motore. "
                 "Il codice è il DSL degli effetti (vedi docs/dsl.md): è la regola stessa, non un esempio.",
        "source": "Fonte", "players": "Giocatori", "variants": "Varianti", "no_variants": "nessuna (gioco base)",
        "or": "o", "and": "e",
        "components": "Componenti", "zones": "Zone", "parameters": "Parametri", "variables": "Variabili",
        "definitions": "Definizioni", "setup": "Preparazione", "phases": "Una mano, fase per fase",
        "actions": "Azioni", "scoring": "Punteggio", "match": "Partita", "assumptions": "Ipotesi",
        "rulings": "Interpretazioni",
        "shared_set": "In comune: {n} in tutto; ognuno parte da `{zone}`.",
        "player_set": "Una serie per giocatore, {n} per serie ({totals} con {counts} giocatori); "
                      "ogni serie parte dalla zona `{zone}` del suo giocatore.",
        "shown_as": "Si mostra come `{label}`.",
        "item": "{n} con {props}", "item_plain": "{n}", "count_expr": "{n} (`{expr}`)",
        "each": "uno per ogni `{prop}` in {values}", "item_label": "mostrato come `{label}`",
        "each_permutations": "uno per ogni scelta ordinata di {size} elementi diversi di {values} come `{prop}`",
        "each_combinations": "uno per ogni scelta non ordinata di {size} elementi diversi di {values} come `{prop}`",
        "cvars": "Ognuno ha: {vars}.", "var_init": "`{name}` (all'inizio `{value}`, {reset})",
        "reset_turn": "azzerata a ogni turno", "reset_hand": "azzerata a ogni mano",
        "reset_match": "conservata per tutta la partita", "reset_player": "una per giocatore, azzerata a ogni mano",
        "reset_player_match": "una per giocatore, conservata per tutta la partita",
        "zone_shared": "in comune", "zone_player": "una per giocatore", "zone_per": "una su ogni `{type}`",
        "vis_hidden": "coperta: nessuno scopre ciò che vi è messo", "vis_owner": "privata: la vede solo il proprietario",
        "vis_public": "scoperta: tutti la vedono",
        "holds": "contiene {types}",
        "per_count": "{value} con {n} giocatori",
        "setup_intro": "All'inizio di ogni mano:",
        "phase_rounds": "{rounds} turno/i di gioco: in ognuno ogni giocatore gioca a turno, {order}, a partire da {start}.",
        "phase_until": "Turni {order}, a partire da {start}, finché {until} vale per chi sta per giocare.",
        "phase_seat": "Un solo turno, giocato da {seat}.",
        "phase_seats": "Un turno per ciascun posto di {seats}, in quell'ordine.",
        "phase_next": "Poi il gioco prosegue con la fase indicata da {next}, invece che con la successiva in ordine.",
        "phase_none": "Nessun turno: solo ciò che avviene al suo inizio.",
        "phase_when": "Si gioca solo se {cond} vale quando inizierebbe; altrimenti si salta.",
        "clockwise": "in senso orario", "counterclockwise": "in senso antiorario",
        "phase_let": "In questa fase: {lets}.",
        "on_start": "All'inizio della fase:", "on_turn_start": "All'inizio di ogni turno:",
        "steps": "Ogni turno, in quest'ordine:",
        "step_actions": "scegli una tra {actions}", "step_action": "esegui l'azione {actions}", "step_fallback": "se nessuna è consentita: {actions}",
        "step_repeat": "più volte, finché una è consentita o un effetto chiude la fase del turno",
        "step_when": "solo se {cond} vale quando inizia",
        "step_free": "inoltre {actions} in qualsiasi momento della fase del turno, senza chiuderla",
        "step_effect": "prima:", "step_blocked": "se nulla è consentito, la fase del turno si salta dopo:",
        "text_form": "Forma testuale", "let": "Calcolato prima", "params": "Scelte",
        "played_as": "al tavolo e nel registro: {form}",
        "require": "Richiede (tutte)", "effect": "Effetto",
        "one_of": "un componente da {d} (quelli identici contano una volta)",
        "position_in": "una posizione in {d} (0 è il fondo)",
        "group_of": "uno o più componenti da {d}; quelli con lo stesso `{by}` sono intercambiabili",
        "seat_in": "un giocatore tra {d}", "number_in": "un numero intero da {low} a {high}",
        "no_params": "nessuna",
        "scoring_intro": "Alla fine di una mano, ogni giocatore somma:",
        "points": "punti",
        "hands": "Mani", "rotate": "Dopo ogni mano il primo giocatore si sposta di {n} posto/i in senso orario.",
        "first_start": "La prima mano la inizia {seat}.",
        "tie_breaks": "Vince chi ha più punti. Le parità si risolvono, in ordine, con:",
        "no_tie_breaks": "Vince chi ha più punti; in caso di parità la vittoria è condivisa.",
        "still_tied": "In caso di ulteriore parità la vittoria è condivisa.",
        "end_when": "La partita finisce prima quando {cond}.",
        "value": "Valore", "about": "Descrizione", "alternatives": "Alternative", "in_force": "In vigore",
        "default": "il valore predefinito", "changed": "cambiato da una variante; il predefinito è {value}",
        "question": "Domanda", "cites": "Il testo dice",
        "automata": "Posti giocati dalle regole",
        "players_automata": "con {n} si aggiungono {k} posti giocati dalle regole: {names}",
        "players_automaton": "con {n} si aggiunge un posto giocato dalle regole: {names}",
        "seats": "Posti", "automaton_count": "{k} con {n} giocatori",
        "seats_none_else": "nessuno con un altro numero di giocatori",
        "seats_note": "Siedono dopo i posti delle persone e contano come giocatori ovunque: nell'ordine dei "
                      "turni, in `seats` e in `players`.",
        "can_win": "Può vincere", "yes": "sì", "no": "no",
        "cannot_win_note": "Vincono le persone con più punti, qualunque punteggio facciano questi posti.",
        "plays": "Gioca",
        "plays_intro": "a ogni sua decisione, senza chiedere a nessuno, la prima di queste voci che ha "
                       "un'azione consentita:",
        "play_when": "{action}: la prima consentita per cui vale {cond}",
        "play_any": "{action}: la prima consentita",
        "plays_stuck": "Una decisione a cui nessuna voce si applica ferma la partita con un errore.",
        "next_start": "Ogni mano successiva la inizia {seat}, calcolato alla fine della mano (`current_player` "
                      "è allora il giocatore il cui turno l'ha chiusa).",
        "match_points": "I punti di un giocatore per la partita: {expr}, letti dal gioco alla fine, invece della "
                        "somma dei punteggi delle mani (che le regole possono comunque leggere come "
                        "`me.hand_scores`).",
        "no_catalogue": "I testi del gioco sono in inglese: non c'è un catalogo in italiano per `{id}` "
                        "(vedi docs/translations.md).",
    },
    "es": {
        "intro": "Estas reglas se generan a partir de los datos `{id}`, exactamente lo que ejecuta el motor. "
                 "El código es el DSL de efectos (ver docs/dsl.md): es la regla misma, no un ejemplo.",
        "source": "Fuente", "players": "Jugadores", "variants": "Variantes", "no_variants": "ninguna (el juego base)",
        "or": "o", "and": "y",
        "components": "Componentes", "zones": "Zonas", "parameters": "Parámetros", "variables": "Variables",
        "definitions": "Definiciones", "setup": "Preparación", "phases": "Una mano, fase por fase",
        "actions": "Acciones", "scoring": "Puntuación", "match": "Partida", "assumptions": "Suposiciones",
        "rulings": "Interpretaciones",
        "shared_set": "En común: {n} en total; cada uno empieza en `{zone}`.",
        "player_set": "Un juego por jugador, {n} por juego ({totals} con {counts} jugadores); "
                      "cada juego empieza en la zona `{zone}` de su jugador.",
        "shown_as": "Se muestra como `{label}`.",
        "item": "{n} con {props}", "item_plain": "{n}", "count_expr": "{n} (`{expr}`)",
        "each": "uno por cada `{prop}` en {values}", "item_label": "mostrado como `{label}`",
        "each_permutations": "uno por cada elección ordenada de {size} elementos distintos de {values} como `{prop}`",
        "each_combinations": "uno por cada elección sin orden de {size} elementos distintos de {values} como `{prop}`",
        "cvars": "Cada uno lleva: {vars}.", "var_init": "`{name}` (al principio `{value}`, {reset})",
        "reset_turn": "se reinicia en cada turno", "reset_hand": "se reinicia en cada mano",
        "reset_match": "se conserva toda la partida", "reset_player": "una por jugador, se reinicia en cada mano",
        "reset_player_match": "una por jugador, se conserva toda la partida",
        "zone_shared": "en común", "zone_player": "una por jugador", "zone_per": "una sobre cada `{type}`",
        "vis_hidden": "oculta: nadie conoce lo que se pone en ella", "vis_owner": "privada: solo la ve su dueño",
        "vis_public": "pública: todos la ven",
        "holds": "contiene {types}",
        "per_count": "{value} con {n} jugadores",
        "setup_intro": "Al principio de cada mano:",
        "phase_rounds": "{rounds} ronda(s): en cada una, cada jugador juega un turno, {order}, empezando por {start}.",
        "phase_until": "Turnos {order}, empezando por {start}, hasta que {until} se cumpla para quien va a jugar.",
        "phase_seat": "Un solo turno, jugado por {seat}.",
        "phase_seats": "Un turno por cada puesto de {seats}, en ese orden.",
        "phase_next": "Después el juego sigue con la fase que indica {next}, en lugar de la siguiente en orden.",
        "phase_none": "Sin turnos: solo lo que ocurre al empezar.",
        "phase_when": "Solo se juega si {cond} se cumple cuando empezaría; si no, se salta.",
        "clockwise": "en sentido horario", "counterclockwise": "en sentido antihorario",
        "phase_let": "En esta fase: {lets}.",
        "on_start": "Al empezar la fase:", "on_turn_start": "Al principio de cada turno:",
        "steps": "En cada turno, en este orden:",
        "step_actions": "elige una de {actions}", "step_action": "realiza la acción {actions}",
        "step_fallback": "si ninguna es legal: {actions}",
        "step_repeat": "una y otra vez mientras alguna sea legal, hasta que un efecto termine el paso",
        "step_when": "solo si {cond} se cumple cuando empieza",
        "step_free": "además {actions} en cualquier momento del paso, sin terminarlo",
        "step_effect": "primero:", "step_blocked": "si nada es legal, el paso se salta después de:",
        "text_form": "Forma de texto", "let": "Calculado antes", "params": "Elecciones",
        "played_as": "en la mesa y en el registro: {form}",
        "require": "Requiere (todas)", "effect": "Efecto",
        "one_of": "un componente de {d} (los idénticos cuentan una vez)",
        "position_in": "una posición en {d} (0 es el fondo)",
        "group_of": "uno o más componentes de {d}; los que tienen el mismo `{by}` son intercambiables",
        "seat_in": "un jugador entre {d}", "number_in": "un número entero de {low} a {high}",
        "no_params": "ninguna",
        "scoring_intro": "Al terminar una mano, cada jugador suma:",
        "points": "puntos",
        "hands": "Manos", "rotate": "Después de cada mano el jugador inicial avanza {n} puesto(s) en sentido horario.",
        "first_start": "La primera mano la empieza {seat}.",
        "tie_breaks": "Gana quien tenga más puntos. Los empates se resuelven, en orden, por:",
        "no_tie_breaks": "Gana quien tenga más puntos; los empatados comparten la victoria.",
        "still_tied": "Los que sigan empatados comparten la victoria.",
        "end_when": "La partida termina antes cuando {cond}.",
        "value": "Valor", "about": "Descripción", "alternatives": "Alternativas", "in_force": "En vigor",
        "default": "el valor por defecto", "changed": "cambiado por una variante; por defecto es {value}",
        "question": "Pregunta", "cites": "El texto dice",
        "automata": "Puestos que juegan las reglas",
        "players_automata": "con {n}, {k} puestos más que juegan las reglas: {names}",
        "players_automaton": "con {n}, un puesto más que juegan las reglas: {names}",
        "seats": "Puestos", "automaton_count": "{k} con {n} jugadores",
        "seats_none_else": "ninguno con otro número de jugadores",
        "seats_note": "Se sientan después de los puestos de las personas y cuentan como jugadores en todo: en "
                      "el orden de turno, en `seats` y en `players`.",
        "can_win": "Puede ganar", "yes": "sí", "no": "no",
        "cannot_win_note": "Ganan las personas con más puntos, sea cual sea la puntuación de estos puestos.",
        "plays": "Juega",
        "plays_intro": "en cada una de sus decisiones, sin preguntar a nadie, la primera de estas opciones "
                       "que tenga una acción legal:",
        "play_when": "{action}: la primera legal para la que se cumple {cond}",
        "play_any": "{action}: la primera legal",
        "plays_stuck": "Una decisión a la que no se ajusta ninguna opción detiene la partida con un error.",
        "next_start": "Cada mano siguiente la empieza {seat}, calculado al terminar una mano (`current_player` "
                      "es entonces el jugador cuyo turno la terminó).",
        "match_points": "Los puntos de un jugador en la partida: {expr}, leídos del juego al terminar, en lugar "
                        "de la suma de las puntuaciones de las manos (que las reglas aún pueden leer como "
                        "`me.hand_scores`).",
        "no_catalogue": "Los textos del juego están en inglés: no hay catálogo en español para `{id}` "
                        "(ver docs/translations.md).",
    },
}

LANGUAGES: tuple[str, ...] = tuple(WORDS)


def phrase(lang: str, key: str, **fields) -> str:
    """The fixed phrase ``key`` in ``lang`` with its ``{fields}`` filled in."""
    text = WORDS[lang][key]
    return fill(text, {k: str(v) for k, v in fields.items()}) if fields else text


def joined(lang: str, items: list, last: str = "or") -> str:
    """``a, b or c`` (``a, b o c``)."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {WORDS[lang][last]} " + items[-1]


def value_words(lang: str, value) -> str:
    """A constant's value as a rule text reads it: ``8``; a list ``0, 0, 10, 18, 18``; by
    player count ``5 with 2 players, 4 with 3 players and 3 with 4 players``."""
    if value is True or value is False:
        return str(value).lower()
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(value_words(lang, v) for v in value)
    if isinstance(value, dict):
        return joined(lang, [phrase(lang, "per_count", value=value_words(lang, v), n=k) for k, v in value.items()],
                      "and")
    return str(value)


def prose(lang: str, text, constants: dict):
    """A text for people with each ``{name}`` of a constant replaced by its value in words
    (other braces stay as written)."""
    if not isinstance(text, str) or "{" not in text:
        return text
    return FIELD.sub(lambda mt: capped(value_words(lang, constants[mt.group(1)])) if mt.group(1) in constants
                           else mt.group(0), text)
