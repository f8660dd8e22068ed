"""English: every message of the game in English, by part, each commented where its
use is not plain from its key; the language a missing message is said in."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scala40.words import Text


#: The words the engine's messages share with the page's: a card named with its article, the joker's
#: name, a list's "and".
WORDS: dict[str, Text] = {
    "the_card": "the {card}",
    # before a rank whose word begins with a vowel ("asso", "otto") or is feminine ("donna")
    "the_card_vowel": "the {card}",
    "the_card_feminine": "the {card}",
    "joker": "joker",
    "and": "and",
}

#: The engine's refusals (scala40/errors.py), by code.
REFUSALS: dict[str, Text] = {
    # cards and notation
    "bad_card": "“{text}” is not a card.",
    "card_in_meld_form": (
        "“{text}” is a joker in a meld: read it with Meld.parse, or write the joker alone as JK."
    ),
    # melds (RULES.md §3)
    "meld_too_short": "A meld needs at least 3 cards.",
    "meld_two_jokers": "A meld may hold at most one joker.",
    "meld_only_jokers": "A meld of jokers only is not valid.",
    "combination_same_suit": "A combination needs cards of different suits.",
    "combination_too_long": "A combination has at most 4 cards.",
    "sequence_not_consecutive": (
        "These cards are not a sequence: it needs cards of one suit in order with no gap (the "
        "ace goes before the 2 or after the king, never in between)."
    ),
    "not_a_meld": "These cards form neither a sequence nor a combination.",
    "bad_joker_declaration": "The joker cannot stand for {card} in this meld.",
    "attach_does_not_fit": "You cannot attach {card} to this meld.",
    "no_joker_in_meld": "There is no joker in this meld to swap.",
    "swap_wrong_card": "The joker stands for {stands_for}: only that card can take its place.",
    # turn order and phases (RULES.md §5)
    "hand_over": "The hand is over.",
    "match_over": "The match is over.",
    "hand_not_over": "The hand is not over yet.",
    "must_draw_first": "You must draw a card first.",
    "already_drew": "You have already drawn this turn.",
    "pile_before_opening": "You may take from the discard pile only after opening.",
    "pile_empty": "The discard pile is empty.",
    "card_not_in_hand": "You do not hold {card}.",
    "no_such_meld": "There is no meld {target}.",
    "not_opened": "You must open before attaching cards or swapping a joker.",
    "no_legal_action": "{name} has no legal move: the position is broken.",
    "nothing_to_take_back": "There are no melds laid this turn to take back.",
    "hand_would_empty": "You must keep one card in hand to discard when you close.",
    # opening (RULES.md §5.2, §9)
    "opening_below_minimum": "To open you need {needed} points: you have {have}.",
    "clean_opening_below_minimum": (
        "Clean opening: the melds without a joker must make {needed} points by themselves: they "
        "make {have}."
    ),
    "pile_card_not_in_opening": (
        "The card taken from the pile, {card}, must be part of the opening melds."
    ),
    # end of turn (RULES.md §5.3, §6)
    "pile_card_unused": (
        "The card taken from the pile, {card}, must be used this turn, in a new meld or attached."
    ),
    "joker_unused": "The joker you took back must be used this turn, in a new meld or attached.",
    "discard_attachable": "You may not discard {card}: it can be attached to a meld on the table.",
    "first_round_closing": (
        "You cannot close in the first round: every player must have had one turn."
    ),
    # options, records and saves
    "bad_rules": "Invalid rule: {name} = {value!r}. {why}",
    # the reasons inside bad_rules, bad_record and bad_save (a nested RuleError renders
    # in the language of the message around it)
    "expected_type": "Expected {type}.",
    "one_of": "One of: {choices}.",
    "jokers_4_or_0": "Either 4 or 0.",
    "positive_number": "A positive number.",
    "expected_mapping": "Expected a mapping.",
    "unknown_option": "Unknown option.",
    "record_first_line": "the first line must be “{header}”",
    "record_not_json": "not valid JSON",
    "record_missing": "missing {fields}",
    "record_players": "players must be a list of names",
    "record_action": "action {number} “{action}”: {why}",
    "save_not_json": "it is not JSON.",
    "save_not_scala40": "it is not a Scala 40 save.",
    "save_no_record": "the game record is missing.",
    "save_wrong_position": "the game does not replay to the saved position.",
    "bad_position": "Invalid position: {why}",
    "position_first_line": "the first line must be “{header}”",
    "position_line": "line {line} “{text}”: {why}",
    "position_syntax": "it cannot be read.",
    "position_unknown": "unknown or misplaced line.",
    "position_repeated": "repeated line.",
    "position_missing": "the line “{fields}” is missing.",
    "position_too_long": "text too long (over {limit} characters).",
    "position_deck": (
        "the cards are not the deck of the rules (missing: {missing}; extra: {extra})."
    ),
    "position_inconsistent": "inconsistent: {what}.",
    "bad_players": "A match needs 2 to 6 players with different names.",
    "bad_action": "Not a move: “{text}”.",
    "bad_action_field": "Not a move: {field} cannot be {value}.",
    "bad_record": "Invalid game record (line {line}): {why}",
    "bad_save": "The save cannot be read: {why}",
    "unknown_save_version": "Save from an unknown version ({version}).",
    # the limits of records and saves (docs/engine.md, "Records and saves")
    "not_text": "it is not text",
    "text_too_long": "longer than {limit} characters ({size})",
    "line_too_long": "the line is longer than {limit} characters",
    "json_too_deep": "JSON nested deeper than {limit} levels",
    "record_twice": "“{field}” is given twice",
    "record_unknown_field": "unknown field “{field}”",
    "too_many_actions": "more than {limit} actions",
    "too_many_lines": "more than {limit} lines",
    "bad_name": "A player's name is a text of 1 to {limit} characters.",
    "bad_seed": "A match's seed is a text of at most {limit} characters.",
    "game_too_long": "The match has reached {limit} actions, the most a save holds.",
}

#: Why a bot made a move (scala40/bots/reasons.py), by reason code.
REASONS: dict[str, Text] = {
    "next": "Go on to the next hand.",
    "draw_stock": "Draw from the stock.",
    "take_pile_swap": "Take {card} from the pile: it wins you the joker on the table.",
    "draw_again": "Draw from the stock: the pile card could not be used.",
    "take_pile": "Take {card} from the pile: you can use it at once.",
    "open": {
        "one": "Open with {melds}: the opening reaches {n} point.",
        "many": "Open with {melds}: the opening reaches {n} points.",
    },
    "meld": {
        "one": "Lay {meld}: it takes {n} point out of your hand.",
        "many": "Lay {meld}: it takes {n} points out of your hand.",
    },
    "attach": "Attach {card} to a meld on the table.",
    "swap": "Swap {card} for the joker and use the joker at once.",
    "use_joker": "Use the joker you took at once.",
    "close_mano": "Go rummy: lay everything and discard {card}; the others pay double.",
    "close": "Close by discarding {card}.",
    "discard": "Discard {card}: it is your least useful card.",
    "discard_safe": "Discard {card}: of little use to you and no help to the next player.",
    "discard_no_gift": "Don't discard {gift}: {player} would close with it. Discard {card}.",
    "discard_threat": {
        "one": "Discard {card}: {player} has one card left and may close.",
        "many": "Discard {card}: {player} has {n} cards and may close.",
    },
    "hold": "Don't open yet: keep your melds to go rummy. Discard {card}.",
    "takeback": "Take back this turn's cards: the turn cannot end this way.",
    "fallback": "A legal move: {action}.",
}

#: Every text the page shows (web.i18n.t).
PAGE: dict[str, Text] = {
    # -- The words of the screens around the table: the menu, replays, the deal of the day,
    # challenges, files, the rules page, the new-game screen, the dialogs, and the question before a
    # match in progress is replaced.
    # loading and chrome
    "title": "Scala 40",
    "menu": "Menu",
    "new_game": "New game",
    "start": "Start the match",
    "resume": "Back to the table",
    "learn": "Learn to play",
    "learn_offer": "First time? A guided hand teaches you the rules as you play.",
    "you": "You",
    # replays
    "replay": "Replay",
    "replays": "Games to replay",
    "replays_none": "No finished game to replay.",
    "kept_won": "Won",
    "kept_lost": "Lost",
    "kept_winner": "{winner} won",
    "kept_friends": "With friends",
    "kept_challenge": "Challenge from {challenger}",
    "replay_delete": "Delete",
    "replay_unreadable": (
        "This game cannot be replayed: {why} It stays in the list, where you can delete it."
    ),
    "replay_pos": "Move {n} of {total} · hand {hand}",
    "replay_hand": "Hand {n}",
    "replay_cards": {"one": "{n} card", "many": "{n} cards"},
    "replay_pile": "Pile:",
    "replay_stock": "stock {n}",
    "replay_back": "Back",
    "replay_forward": "Forward",
    "replay_show_all": "Show every hand",
    "replay_show_mine": "My hand only",
    # the deal of the day
    "daily": "Deal of the day",
    "daily_unfinished": "You have tried today's deal already: come back tomorrow.",
    "daily_streak": "Days in a row: {n}",
    # said beside its count, drawn large: "1 giorno di fila", "3 days in a row"
    "daily_days_in_a_row": {"one": "day in a row", "many": "days in a row"},
    "daily_played": "Played",
    "daily_best": "Best run",
    # the label on the table while it is played
    # the line a deal of the day's result sends (web/daily/deal.py): "Scala 40 · 1 dic
    # 2026 · persa all'8° turno · 34 punti"; Italian elides "al" before a number said
    # with a vowel ("all'8°", "all'11°"), the "_vowel" message
    "daily_result": "Scala 40 · {date} · {how} · {points}",
    "daily_closed": "closed {on_turn}",
    "daily_lost": "lost {on_turn}",
    "daily_on_turn": "on turn {turn}",
    "daily_on_turn_vowel": "on turn {turn}",
    # a date as the page writes it: "1 dic 2026", "1 Dec 2026"
    "date": "{day} {month} {year}",
    "month_1": "Jan",
    "month_2": "Feb",
    "month_3": "Mar",
    "month_4": "Apr",
    "month_5": "May",
    "month_6": "Jun",
    "month_7": "Jul",
    "month_8": "Aug",
    "month_9": "Sep",
    "month_10": "Oct",
    "month_11": "Nov",
    "month_12": "Dec",
    # a number with a fraction, as a statistic shows it: "2,5", "2.5"
    "decimal_point": ".",
    "daily_label": "Deal of the day · {day}",
    # challenges
    "challenge": "Challenge",
    "challenge_text": (
        "Send this link to a friend: it opens the same deal against the same opponents, so you "
        "can compare how you both played it. Nothing is sent to any server."
    ),
    "challenge_preview": "Whoever opens it will see: “{label}”.",
    "copy": "Copy",
    "share": "Share",
    "link_copied": "Link copied: paste it into a message.",
    "link_select": "The browser did not allow copying: the link is selected, copy it yourself.",
    # the challenger, named on the table, at the end and in the list of kept matches
    "challenge_friend": "a friend",
    "challenge_label": "Challenge from {challenger}: the same deal",
    "challenge_label_turn": {
        "one": "Challenge from {challenger}: close in fewer than {n} turn",
        "many": "Challenge from {challenger}: close in fewer than {n} turns",
    },
    "challenge_label_points": {
        "one": "Challenge from {challenger}: beat {n} point",
        "many": "Challenge from {challenger}: beat {n} points",
    },
    "challenge_won": "You beat {challenger}: {yours} against {theirs}.",
    "challenge_lost": "You lost to {challenger}: {yours} against {theirs}.",
    "challenge_tied": "Level with {challenger}: {yours}.",
    "score_closed": {"one": "closed in {n} turn", "many": "closed in {n} turns"},
    # a challenge link refused (web/daily/challenge.py)
    "challenge_bad": "This challenge link cannot be read: {why}",
    "challenge_shape": "it is not a challenge.",
    "challenge_long": "it is too long.",
    "challenge_bots": "the opponents must be 1 to 5, each of a level of the game.",
    "challenge_numbers": "its rules hold numbers out of range.",
    "challenge_single": "it is not a single hand.",
    "challenge_names": (
        "a name is not right (1 to 20 characters, all different, without signs such as < > &)."
    ),
    "challenge_score": "the result to beat is not valid.",
    # game files
    "export": "Export game",
    "export_done": (
        "The match was saved as the file “{file}”, in your downloads. To open it again: Import, "
        "on the start screen or in the menu."
    ),
    "import": "Import",
    "import_help": "Open a game file or paste its text here.",
    "import_continue": "Play on from there",
    # the rules page
    "rules_open": "Rules",
    "rules_title": "The rules of this game",
    "rules_classic_title": "The classic rules",
    "rules_these": "The rules chosen",
    "rules_on": "yes",
    "rules_off": "no",
    "rules_mode": "Mode",
    "rules_elimination_score": "Elimination",
    "rules_run": "Run",
    "rules_set": "Set",
    "rules_points": {"one": "is worth {n} point.", "many": "is worth {n} points."},
    "rules_opening": "Opening",
    "rules_short": {
        "one": "{n} point: not enough, {need} are needed.",
        "many": "{n} points: not enough, {need} are needed.",
    },
    "rules_opens": {
        "one": "{n} point: enough to open ({need}).",
        "many": "{n} points: enough to open ({need}).",
    },
    "rules_swap": "Joker swap",
    "rules_swap_text": (
        "whoever holds 6♥ puts it in the joker's place and takes the joker, to use that same "
        "turn."
    ),
    "leave": "Leave the match",
    "leave_confirm": "Leave the match? It counts as abandoned (−200 ranking points).",
    "leave_confirm_uncounted": "Leave the match? It cannot be taken up again.",
    "leave_confirm_guest": (
        "Leave the table? The match stays with the host: their invitation lets you back in."
    ),
    "leave_yes": "Yes, leave",
    "cancel": "Cancel",
    "close": "Close",
    "settings": "Settings",
    "language": "Language",
    "speed": "Bot speed",
    "speed_slow": "Slow",
    "speed_normal": "Normal",
    "speed_fast": "Fast",
    "sound": "Sound",
    "haptics": "Vibration",
    "looks": "Display",
    "large_cards": "Large cards and text",
    "four_colours": "Four-colour deck (♦ blue, ♣ green)",
    "left_handed": "Left-handed (buttons mirrored)",
    "stats": "Statistics",
    "stats_reset": "Reset statistics",
    "stats_reset_confirm": "Reset all statistics?",
    "stats_empty": "No matches yet.",
    "stats_points": "Ranking points",
    "stats_note": (
        "Matches with one human player count. A win: 150 / 165 / 180 points against easy / "
        "medium / hard, 150 + 30 × strength against balanced; a loss −50; leaving −200."
    ),
    "engine": "Engine",
    # the new-game screen
    "players": "Players",
    "seats_count": "Number of players",
    "seat": "Seat {n}",
    "name": "Name",
    "human": "Human",
    "bot": "Bot",
    "remote": "Friend, on their own device",
    "play_with_friends": "Play with friends",
    "data_key_friends": "The invitations of the match with friends",
    "host_deals": "The host deals the next hand.",
    "level": "Level",
    "strength": "Strength",
    "level_easy": "easy",
    "level_medium": "medium",
    "level_hard": "hard",
    "level_balanced": "balanced",
    "level_humans": "humans only",
    "mode": "Mode",
    "mode_single": "Single hand",
    "mode_101": "Points: out at 101",
    "mode_201": "Points: out at 201",
    "mode_custom": "Points: custom limit",
    "mode_custom_short": "points ({n})",
    "elimination_at": "Out at",
    "rules": "Rules",
    "preset": "House rules",
    "preset_custom": "Custom",
    "last_rules_unreadable": (
        "The rules of the last game cannot be read ({why}): here are the defaults."
    ),
    "you_name": "You",
    "player_n": "Player {n}",
    "bad_names": "Every player needs a name, and the names must differ.",
    # dialogs, the end of a hand and of a match, the start screen
    "sheet_out": "out",
    "rematch": "Rematch",
    "rematch_hint": "Same players, same rules, new cards.",
    "rematch_hint_friends": (
        "Same players, same rules, new cards: the friends connected stay seated and choose "
        "whether to play it."
    ),
    "rematch_offer": (
        "The host started a rematch: the same players, the same rules, new cards. Your cards are "
        "dealt."
    ),
    "rematch_play": "Play the rematch",
    "rematch_leave": "Leave the table",
    "show_table": "Look at the table",
    "show_scores": "Back to the scores",
    "play": "Play",
    "play_hint": "{players} · {mode}",
    "setup_more": "Players, mode and rules",
    "install": "Install the app",
    "stats_by_level": "By opponents' level",
    "stats_matches": "Matches",
    "stats_wins": "Wins",
    "stats_rate": "won",
    "stats_closed": "Hands closed",
    "stats_in_mano": "Went rummy",
    "stats_avg_penalty": "Average penalty",
    "stats_best_streak": "Best streak",
    "stats_hands": {"one": "{n} hand played", "many": "{n} hands played"},
    "close_dialog": "Close",
    # something new started over a match in progress (docs/lifecycle.md)
    "replace_text": "A match is in progress: if you start, you leave {what}.",
    "replace_abandons": "It counts as abandoned (−200 ranking points).",
    "replace_yes": "Leave it and start",
    "lost_points": "the match to {target} (hand {hand}, {lead})",
    "lost_single": "the single hand ({lead})",
    "lost_daily": "the deal of the day ({lead})",
    "lost_no_points": "no points yet",
    "lead": {"you": "you lead with {amount}", "they": "{name} leads with {amount}"},
    "lead_you_tied": "you are level with {names} on {amount}",
    "lead_tied": "{names} are level on {amount}",
    "hold_you": "you hold {amount}",
    # the player at this device in a list of players, last: "Bruno, Carla e tu"
    "you_listed": "you",
    # the new-game screen's summary: every seat by name
    "summary_bot": "{name} ({level} bot)",
    "summary_remote": "{name} (friend)",
    # the question before a challenge link's deal replaces the match at the table
    "replace_challenge": "Start the challenge from {challenger}?",
    # a first visit, before Python is up (web/page/boot.js, web/page/snapshot.js)
    "boot_label": "Loading the game",
    "boot_runtime": "Python interpreter",
    "boot_stdlib": "Standard library",
    "boot_game": "Rules and table",
    "boot_start": "Starting Python",
    "boot_downloading": "Downloading the game",
    "boot_starting": "Starting Python…",
    "boot_share": "{pct}% downloaded",
    "boot_left_s": "about {s} s left",
    "boot_left_min": "about {m} min left",
    "pending_start": "The match starts as soon as the table is ready.",
    "pending_learn": "The lesson starts as soon as the table is ready.",
    "pending_rules": "The rules open as soon as the game is ready.",
    "pending_daily": "The deal of the day starts as soon as the table is ready.",
    "pending_other": "“{what}” opens as soon as the game is ready.",
    "boot_failed": "The game did not load: check the connection and reload the page.",
    "boot_reload": "Reload",
    "boot_details": "Details",
    "snapshot_starting": "Starting the table…",
    # the page's notices before Python (web/page/offline.js, web/page/storage_note.js)
    "updated": "Scala 40 has been updated to the latest version.",
    "storage_framed": (
        "This browser keeps no data for embedded games: the match lives in this page only."
    ),
    "storage_alone": "This browser keeps no data: the match lives in this page only.",
    "storage_open": "Open the full page",
    "storage_close": "Close the notice",
    # -- The words of the table in play: its zones and buttons, the prompts, the hand's and the
    # match's end, the moves as the log tells them.
    # the table
    "stock": "Stock",
    "pile": "Discard pile",
    "pile_empty": "empty",
    "stock_label": {"one": "Stock, {n} card: draw", "many": "Stock, {n} cards: draw"},
    "pile_label": "Discard pile, {card} on top: take",
    "pile_label_empty": "Discard pile, empty",
    "draw": "Draw",
    "take": "Take the pile card",
    "lay": "Meld",
    "discard": "Discard",
    "undo": "Undo",
    "hint": "Hint",
    "hint_thinking": "Thinking…",
    "sort_suit": "Sort by suit",
    "sort_rank": "Sort by rank",
    "hand_of": {"you": "Your hand", "they": "{name}'s hand"},
    "melds_of": {"you": "Your melds", "they": "{name}'s melds"},
    "meld_label": {"you": "Your {kind}: {cards}", "they": "{name}'s {kind}: {cards}"},
    "hand_hidden": "Cards hidden",
    "table_melds": "Melds on the table",
    "table_empty": "No melds on the table yet.",
    "cards_n": {"one": "{n} card", "many": "{n} cards"},
    # a player's state under their name, in words that do not agree with a gender
    # nobody told us ("ha aperto", "da aprire", never "aperto"/"aperta"); "da aprire"
    # fits a phone's chip on one line, "non ha aperto" did not at 390 px
    "opened": "opened",
    "not_opened": "not opened",
    "out": "out",
    "dealer": "dealer",
    "points_n": {"one": "{n} point", "many": "{n} points"},
    "score": "Score",
    "opening": "Opening",
    "opening_done": "You opened",
    "turn_of": "{name} to play",
    "your_turn_draw": "Your turn: draw from the stock or the pile.",
    "your_turn_play": "Meld, attach, then discard a card.",
    "thinking": "{name} is thinking…",
    "must_use": "Must be used this turn",
    "selected_n": {"one": "{n} selected", "many": "{n} selected"},
    "hand_n": "Hand {n}",
    "log": "Moves",
    "log_empty": "No moves yet.",
    # the phone's line of the last move opens the hand's moves (web/table/log.py)
    "moves_open": "All the moves of the hand. Last: {last}",
    "moves_all": "All",
    "moves_title": "Moves of hand {n}",
    "last_discards": "Last discards",
    "choose_meld": "How do you want to lay these cards?",
    # the card as the choice's heading, so it needs no article ("Jolly: scegli ...")
    "choose_attach": "{card}: choose how to attach it",
    "attach_low": "at the low end",
    "attach_high": "at the high end",
    "attach_plain": "attach",
    "joker_as": "joker as {card}",
    "swap_joker_opt": "Swap for the joker and take it",
    "meld_attach_label": "Attach here: {label}",
    "sequence": "sequence",
    "combination": "combination",
    "pass_title": "Pass the device to {name}",
    "pass_text": "{name}'s cards stay hidden until the button is pressed.",
    "pass_ready": "Show {name}'s cards",
    "select_one": "Select one card.",
    "select_cards": "Select the cards to meld.",
    "not_your_turn": "It is not your turn.",
    # the end of a hand and of the match
    "hand_over": "End of hand {n}",
    "closed": {"you": "You closed", "they": "{name} closes"},
    "closed_in_mano": {
        "you": "You went rummy: penalties doubled",
        "they": "{name} goes rummy: penalties doubled",
    },
    "closed_in_mano_plain": {"you": "You went rummy", "they": "{name} goes rummy"},
    "winner": {"you": "You won!", "they": "{name} wins!"},
    "next_dealer": {"you": "You deal next", "they": "{name} deals next"},
    "you_lost": "You lost: {name} wins.",
    "no_closer": "The stock ran out: no winner this hand.",
    "score_sheet": "Score sheet",
    "total": "Total",
    "hand_col": "Hand",
    # who is out, who is back in: {names} is names_list's ("Bruno, Carla e tu"), the
    # player at this device last; a verb, not "eliminato/a", so no gender is guessed
    "eliminated": {
        "you": {"one": "You are out", "many": "{names} are out"},
        "they": {"one": "{names} is out", "many": "{names} are out"},
    },
    "reentered": {
        "you": {"one": "You are back in", "many": "{names} are back in"},
        "they": {"one": "{names} is back in", "many": "{names} are back in"},
    },
    "next_hand": "Next hand",
    "match_over": "Match over",
    "cards_left": "Cards left",
    "penalty": "Penalty",
    "show_sheet": "Scores",
    # the moves as the log tells them: to the player at this device, or naming the mover
    "move_draw": {"you": "You drew from the stock", "they": "{name} draws from the stock"},
    "move_draw_card": {"you": "You drew {card}", "they": "{name} draws {card}"},
    "move_take": {
        "you": "You took {card} from the pile",
        "they": "{name} takes {card} from the pile",
    },
    "move_meld": {"you": "You laid {cards}", "they": "{name} lays {cards}"},
    "move_attach": {"you": "You attached {card}", "they": "{name} attaches {card}"},
    "move_swap": {
        "you": "You swapped {card} for the joker",
        "they": "{name} swaps {card} for the joker",
    },
    "move_takeback": {"you": "You took the cards back", "they": "{name} takes the cards back"},
    "move_discard": {"you": "You discarded {card}", "they": "{name} discards {card}"},
    "move_close": {"you": "You closed!", "they": "{name} closes!"},
    "log_next": "New hand",
    # -- the table in play (layout, motion, prompts) --------------------------
    "your_turn_draw_stock": "Your turn: draw from the stock.",
    "your_turn_open": "Lay melds to open, or discard a card.",
    "opening_live": "{have} points: {needed} needed",
    "opening_live_ok": "{have} points: enough to open",
    "arrange_melds": "Arrange melds",
    "drawn_mark": "Card drawn",
    "mode_single_short": "Single hand",
    # the hint's explanation where the bot's reason only names the move
    # (web/table/explain.py): {points} is points_n's ("1 punto", "10 points")
    "hint_attach": "Attach {card} to {meld} ({owner}): {points} out of your hand.",
    "hint_meld_of": {"you": "your meld", "they": "{name}'s meld"},
    "hint_closes": " Then one card is left: discarding it closes the hand.",
    "hint_draw": "Draw from the stock: {why}",
    "hint_draw_useless": "{card} on the pile is no use to you now.",
    # the end of a hand as the live region says it (web/table/speech.py): what each pays
    "hand_pays": {
        "you": "You pay {points}, {total} in all",
        "they": "{name} pays {points}, {total} in all",
    },
    "hand_pays_single": {"you": "You pay {points}", "they": "{name} pays {points}"},
    # -- The words about what the browser keeps: saves, stored data refused and kept aside, what was
    # not saved, a bot that failed, two tabs.
    # saves
    "bad_save_title": "Unreadable save",
    "bad_save_text": (
        "The saved match cannot be resumed: {why} It was kept aside (key “{key}”); you can start "
        "a new match."
    ),
    # stored data refused by web/store/storage.py: {path} names the field ("last.count")
    "bad_data_title": "Unreadable saved data",
    "bad_data_text": (
        "{what} could not be read: {why} They were kept aside (key “{key}”) and the defaults are "
        "used."
    ),
    # what the data were, said inside the sentence in Italian ("I dati salvati (le
    # impostazioni) ..."), whose subject is always "i dati": each reason agrees with it
    "data_key_game": "The saved match",
    "data_key_table": "The saved match's seats",
    "data_key_settings": "The settings",
    "data_key_stats": "The statistics",
    "data_key_lesson": "The guided hand's progress",
    "data_key_daily": "The deals of the day played",
    "data_key_replays": "The games to replay",
    "data_too_big": "they are too long ({size} characters, at most {limit}).",
    "data_empty": "they are empty.",
    "data_too_deep": "they nest deeper than {limit} levels.",
    "data_not_json": "they are not JSON (cut short?).",
    "data_not_text": "{path} is not text.",
    "data_text_too_long": "{path} is longer than {limit} characters.",
    "data_surrogate": "{path} holds an invalid character.",
    "data_not_allowed": "{path} is not one of {choices}.",
    "data_bad_text": "{path} is not of the expected form.",
    "data_not_whole": "{path} is not a whole number.",
    "data_out_of_range": "{path} is not between {low} and {high}.",
    "data_not_bool": "{path} is not true or false.",
    "data_not_list": "{path} is not a list.",
    "data_bad_length": "{path} does not have between {low} and {high} entries.",
    "data_not_object": "{path} is not an object.",
    "data_missing": "{path} is missing.",
    "data_seat_count": "they have {have} seats for {need} players.",
    "data_engine": "the match does not replay ({error}).",
    # saving (web/store/saver.py)
    "save_title": "Saving",
    "save_failed": (
        "Saving fails: {why} The game goes on here; you can keep it in a file from the menu "
        "(“Export game”)."
    ),
    "save_why_quota": "the browser's storage for this site is full.",
    "save_why_denied": "the browser does not let this page store data.",
    "save_why_error": "the browser refused the write ({error}).",
    "save_ok_again": "Saving works again.",
    # what else the browser did not keep (web/store/saves.py)
    "unsaved_title": "Not saved",
    "unsaved": "Not everything was kept: {why} {what}",
    "unsaved_settings": "The settings hold while this page stays open.",
    "unsaved_stats": "This match is not counted in the statistics.",
    "unsaved_replay": (
        "This match is not among those to replay: you can keep it in a file with “Export game”, "
        "below the scores."
    ),
    "unsaved_daily": "Today's deal of the day is not marked as played.",
    "unsaved_lesson": "The guided hand's progress holds while this page stays open.",
    "unsaved_friends": "If this page reloads, your friends will need new invitations.",
    # a bot that fails (web/table/bots.py)
    "bot_failed_title": "A bot does not answer",
    "bot_failed": "{name} could not choose at level {level} ({why}): trying an easier level.",
    "bot_gave_up": (
        "{name} could not choose a move ({why}): undo the last move or start a new match."
    ),
    # two tabs (web/store/tabs.py)
    "tab_title": "Another tab",
    "tab_elsewhere": "This game is open in another tab.",
    "tab_taken": "The game went on in another tab: this tab stopped saving.",
    "tab_play_here": "Play here",
    # -- The words of play with friends on other devices: the host's invitations, a guest's answer,
    # joining by code over the internet (what leaves the device, the code, the host's "Admit /
    # Refuse", the guest's waits and refusals), the connection's state, the player's name and the
    # advanced settings (STUN, TURN, relays). The refusals of the protocol are messages of
    # web/friends/errors.py.
    # the friends' screen: the choices before the invitations (web/friends/setup.py)
    "friend_n": "Friend {n}",
    "friends_count": "Friends, each on their own device",
    "friends_bots": "Computer players",
    "friends_level": "Computer's level",
    "friends_how": "How you connect",
    "friends_way_internet": "Over the internet",
    "friends_way_internet_help": (
        "You get a 7-letter code to say or send to your friends: they type it under “Join with a "
        "code”, wherever they are."
    ),
    "friends_way_room": "In the same room, no internet",
    "friends_way_room_help": (
        "Each friend scans a QR code on your screen and shows you theirs: on the same Wi-Fi, if "
        "they have opened the game once before."
    ),
    "friends_go": "Invite",
    "friends_too_many": "At most 6 sit at the table: choose fewer friends or computer players.",
    "relays_unreachable": (
        "No connection server answers: the internet is not working here, or the network blocks "
        "them. Friends nearby can join with the QR codes below."
    ),
    # the host's lobby
    "lobby_title": "Play with friends",
    "lobby_intro": (
        "Each friend scans their QR code with the camera (or opens the link), then shows you "
        "their answer: scan it here or paste it."
    ),
    "offline_note": (
        "With no internet you can play on the same Wi-Fi, if every device has opened the game "
        "once before (it stays cached)."
    ),
    "seat_for": "Seat {n}: {name}",
    "state_waiting": "waiting for the answer",
    "state_making": "making the invitation…",
    "state_connecting": "connecting…",
    "state_open": "connected",
    "state_interrupted": "reconnecting…",
    "state_closed": "disconnected: new invitation below",
    "state_bot": "played by a bot",
    "state_failed": "no invitation",
    "no_peer_code": (
        "The code that connects the devices did not load: are you offline? Try again once online."
    ),
    "link_failed": "The browser could not prepare the connection ({error}). Try again.",
    "no_webrtc": (
        "This browser does not allow direct connections between devices (WebRTC): open the game "
        "in another browser."
    ),
    "qr_invitation": "The invitation's QR code",
    "qr_answer": "The answer's QR code",
    "invitation": "Invitation (link to send)",
    "answer_label": "Your friend's answer",
    "accept": "Connect",
    "scan": "Scan the answer",
    "stop_scan": "Close the camera",
    "no_camera": "The camera is not available: paste the answer's text here.",
    "new_invitation": "New invitation",
    "to_bot": "Hand it to a bot",
    "to_table": "Go to the table",
    "to_table_absent": (
        "At the table the match waits for anyone not in yet: from there you can invite again or "
        "give the seat to a bot."
    ),
    # over the host's table: a friend's seat nobody holds
    "seat_waiting": "Waiting for {name} to join",
    "seat_to_bot": "Give the seat to a bot",
    "invite_again": "Invite again",
    "friends_button": "Friends' invitations",
    "dropped_title": "{name} is disconnected",
    "dropped_text": (
        "The seat stays theirs: send them the new invitation from “Friends' invitations”, in the "
        "menu ☰ or, at a hand's end, on the score sheet (or hand the seat to a bot)."
    ),
    "not_connected": (
        "The connection did not open (an answer to an older invitation, or one invitation opened "
        "by two people): here is a new invitation for this seat."
    ),
    "answer_bad": "This is not the answer to this invitation ({code}).",
    "need_remote": (
        "Seat 2 is now “Friend, on their own device”: choose the seats and rules, then “Play "
        "with friends” again."
    ),
    # play over the internet: the host's part of the lobby
    "net_title": "Play over the internet",
    "net_what": (
        "Only a message to connect you, encrypted with the code, passes through public servers; "
        "the match then goes directly between your devices."
    ),
    "net_start": "Play over the internet",
    "net_code": "Table code",
    "net_code_help": (
        "Friends type the code under “Join with a code” (or open the link): you let each one in."
    ),
    "net_link": "Link to join",
    "knock": "{name} wants to join",
    "admit": "Admit",
    "refuse": "Refuse",
    "knock_nameless": "A friend",
    # a guest joining by code
    "code_button": "Join with a code",
    "code_title": "Join a friend's table",
    "join_back": "Back",
    "code_label": "Table code (7 letters)",
    "code_help": (
        "The code the host gave you. Only an encrypted message to connect you passes through "
        "public servers."
    ),
    "code_bad": "This is not a table code: it is 7 letters, like KXM-PQRT. Check it with the host.",
    "code_looking": "Looking for the table…",
    "code_nobody": (
        "No table answered this code. Check it with the host: it works while their page is open."
    ),
    "code_asked": "Waiting for {host} to let you in…",
    "code_asked_anon": "Waiting for the host to let you in…",
    "code_connecting": "Admitted: connecting…",
    "turned_refused": "The host did not let you in.",
    "turned_full": "The table has no free seat for a friend.",
    "rejoin_code": "Rejoin with the code",
    # a guest's join screen
    "join_title": "Join {host}'s table as seat {n}",
    "join_title_anon": "Join the table as seat {n}",
    "join_reading": "Reading the invitation…",
    "join_failed": "Cannot join the table",
    "join_answer": (
        "Show this code to the host (or send them the text): they scan it with their device."
    ),
    "join_answer_text": "Answer (text)",
    "join_waiting": "Waiting for the host to connect you…",
    "join_connected": "Connected: the host is seating you…",
    "join_bad": "This invitation cannot be used ({code}). Ask the host for a new one.",
    "reconnecting": "reconnecting…",
    "lost": "Connection lost. Ask the host for a new invitation and open it here (or paste it).",
    "paste_invitation": "Invitation (link or text)",
    "join": "Join",
    # both screens: the player's name, and the advanced part
    "your_name": "Your name",
    "your_name_help": "The others at the table see it.",
    "advanced": "Advanced",
    "advanced_intro": (
        "Only needed if your friends cannot connect. Leave empty to use the defaults."
    ),
    "stun_title": "STUN servers, one a line",
    "stun_help": (
        "For play over the internet: a STUN server helps two devices on different networks find "
        "each other (e.g. stun:stun.example.org:3478). Empty: public ones."
    ),
    "turn_url": "TURN server",
    "turn_help": (
        "Carries the match where two devices cannot reach each other (some mobile, office and "
        "school networks); none is public: use your own."
    ),
    "turn_user": "TURN username",
    "turn_user_help": "The one the TURN server's provider gave you.",
    "turn_password": "TURN password",
    "turn_password_help": "It holds for this visit: the game does not keep it.",
    "turn_bad": (
        "Not a usable TURN server: a turn: or turns: address, with a username and password."
    ),
    "relays_title": "Nostr relays for the code, one a line",
    "relays_help": (
        "They carry the encrypted message to connect you when a friend joins by code; empty, the "
        "default public ones ({relays})."
    ),
    "relays_bad": "Not a relay (wss://…): {url}",
    "stun_save": "Save",
    "stun_saved": "Saved.",
    "stun_this_visit": "It holds while this page stays open: the browser did not keep it.",
    "stun_bad": "Not a STUN address: {url}",
    # quick messages at a friends' table (web/friends/quick.py): the phrases by their
    # ids on the wire (web/friends/protocol.py PHRASES), and who said one
    "quick_title": "Quick messages",
    "quick_said": {"you": "You: {phrase}", "they": "{name}: {phrase}"},
    "quick_nice": "Nice move!",
    "quick_your_turn": "Your turn!",
    "quick_thanks": "Thanks!",
    "quick_oops": "Oops!",
    "quick_hurry": "Come on!",
    "quick_gg": "Good game!",
    "quick_clap": "👏 Well played!",
    "quick_laugh": "😄 Ha ha!",
    # -- The words a screen reader says at the table (issue #43): a card's and a meld's spoken name,
    # the announcements' region and the keys that reach each zone.
    # a card's name: "7 di cuori", "queen of spades", "jolly"; a rank said of several
    # cards, for a set, in its plural ("combinazione di re", "set of kings", "set of
    # 7s", read "sevens"; Italian keeps the digit)
    "card_named": "{rank} of {suit}",
    "rank_A": {"one": "ace", "many": "aces"},
    "rank_J": {"one": "jack", "many": "jacks"},
    "rank_Q": {"one": "queen", "many": "queens"},
    "rank_K": {"one": "king", "many": "kings"},
    "rank_number": {"one": "{rank}", "many": "{rank}s"},
    "suit_H": "hearts",
    "suit_D": "diamonds",
    "suit_C": "clubs",
    "suit_S": "spades",
    # a card of the hand: "7 of hearts, selected, drawn this turn"
    "name_selected": "selected",
    "name_drawn": "drawn this turn",
    "name_must": "must be used this turn",
    "name_hinted": "in the hint",
    # a meld: "run of hearts 5 to 8 with the joker as 7, 26 points, Bruno's"
    "meld_run": "run of {suit} {low} to {high}",
    "meld_run_joker": " with the joker as {rank}",
    "meld_set": "set of {ranks}: {suits}",
    "meld_set_joker": "joker as {suit}",
    "meld_owner": {"you": "yours", "they": "{name}'s"},
    "meld_name": "{meld}, {points}, {owner}",
    # the zones, each reached by a key (web/page/keys.py, docs/web.md)
    "stock_and_pile": "Stock and pile",
    "speech_label": "Announcements",
    "keyboard_help": (
        "Keyboard: 1 hand, 2 table melds, 3 stock, 4 pile, 5 opponents, 6 moves; arrows to move "
        "along the hand (or the melds), Enter to select a card, Enter on a meld to attach it; D "
        "draw, P pile, M meld, X discard, U undo, H hint, S sort, R repeat the last "
        "announcement, Esc clear."
    ),
    # -- The words of the house rules: the new-game form's options, their choices and presets, and
    # the rules page's sentences (web/table/rules.py), one per value of each :class:`~scala40.Rules`
    # field.
    # the new-game form: each option's label and help
    "option_opening_minimum": "Points to open",
    "option_opening_minimum_help": (
        "The first melds laid in a hand must be worth at least this much."
    ),
    "option_jokers": "Jokers",
    "option_jokers_help": "Play with the 4 jokers, or none.",
    "option_short_deal_for_five_or_six": "10 cards with 5 or 6",
    "option_short_deal_for_five_or_six_help": "With 5 or 6 players, deal 10 cards instead of 13.",
    "option_pile_before_opening": "Pile before opening",
    "option_pile_before_opening_help": (
        "The pile card may be taken before opening if it is used to open that same turn."
    ),
    "option_clean_opening": "Clean opening",
    "option_clean_opening_help": (
        "Jokers do not count toward the opening: melds without a joker must reach it alone."
    ),
    "option_mano_doubles": "Going rummy doubles",
    "option_mano_doubles_help": (
        "Going rummy (opening and closing in one turn) doubles the others' penalties."
    ),
    "option_mano_needs_minimum": "Going rummy needs the minimum",
    "option_mano_needs_minimum_help": (
        "Going rummy (opening and closing in one turn) must also reach the opening points."
    ),
    "option_unopened_pays_100": "Unopened pay 100",
    "option_unopened_pays_100_help": (
        "When a player who never opened pays 100 instead of the cards' value."
    ),
    "option_lone_ace_counts_one": "Lone ace counts 1",
    "option_lone_ace_counts_one_help": "An ace left alone in hand costs 1 point instead of 11.",
    "option_attachable_discard": "Discarding an attachable card",
    "option_attachable_discard_help": (
        "Whether a card that could be attached to a meld on the table may be discarded."
    ),
    "option_first_round_closing": "First-round closing",
    "option_first_round_closing_help": "Closing is allowed before everyone has had a turn.",
    "option_reentry": "Re-entry",
    "option_reentry_help": "An eliminated player re-enters at the highest score still in.",
    # the form's choices
    "choice_unopened_pays_100_never": "never",
    "choice_unopened_pays_100_after_mano": "after someone goes rummy",
    "choice_unopened_pays_100_always": "after any closing",
    "choice_attachable_discard_before_opening": "forbidden before opening",
    "choice_attachable_discard_except_closing": "forbidden, except to close",
    "choice_attachable_discard_never": "always forbidden",
    "choice_attachable_discard_allowed": "allowed",
    "choice_jokers_4": "4 jokers",
    "choice_jokers_0": "no jokers",
    # the presets (scala40.rules.PRESETS)
    "preset_classica": "Classic",
    "preset_classica_help": "The most common rules.",
    "preset_federazione": "Federation",
    "preset_federazione_help": "Who never opened pays 100 when someone goes rummy.",
    "preset_wikipedia": "Common variants",
    "preset_wikipedia_help": "Open with 41, the unopened pay 100, a lone ace costs 1, re-entry.",
    "preset_pozzo_libero": "Free pile",
    "preset_pozzo_libero_help": "The pile card may be taken to open.",
    "preset_pulita": "Clean opening",
    "preset_pulita_help": "Jokers do not count toward the 40.",
    # the rules page: the basics, then one sentence per field as the table plays it
    "rules_basics_0": (
        "Two French decks. Each turn you draw a card (from the stock or, when allowed, the "
        "pile), lay or attach if you wish, and end by discarding a card."
    ),
    "rules_basics_1": (
        "A run is three or more cards of one suit in a row (the ace goes below 2 or above K); a "
        "set is three or four cards of one rank in different suits."
    ),
    "rules_basics_2": (
        "Once open you may attach cards to any meld on the table and take a joker by putting the "
        "card it stands for in its place."
    ),
    "rules_basics_3": (
        "You close by discarding your last card. Cards are worth: ace 11, pictures 10, the "
        "others their number, a joker 25."
    ),
    "rule_mode_single": "One single hand: whoever closes first wins.",
    "rule_mode_points": (
        "A points match: at every hand those who did not close pay for their cards."
    ),
    "rule_opening_minimum": {
        "one": "Your first melds of a hand must be worth at least {n} point, laid in one turn.",
        "many": "Your first melds of a hand must be worth at least {n} points, laid in one turn.",
    },
    "rule_elimination_score": {
        "one": "Whoever reaches {n} penalty point is out; the last one left wins.",
        "many": "Whoever reaches {n} penalty points is out; the last one left wins.",
    },
    "rule_short_deal_for_five_or_six_on": "With 5 or 6 players each gets 10 cards.",
    "rule_short_deal_for_five_or_six_off": "Everyone always gets 13 cards.",
    "rule_jokers_4": "Four jokers: each stands for any card in a meld.",
    "rule_jokers_0": "No jokers.",
    "rule_pile_before_opening_on": (
        "You may take the pile card before opening, if you open with it that turn."
    ),
    "rule_pile_before_opening_off": "Before opening you draw from the stock only.",
    "rule_clean_opening_on": (
        "Clean opening: melds holding a joker do not count toward the opening."
    ),
    "rule_clean_opening_off": "Melds with a joker count toward the opening too.",
    "rule_mano_doubles_on": (
        "Going rummy (in Italian \"in mano\": opening and closing in one turn) makes the others "
        "pay double."
    ),
    "rule_mano_doubles_off": "Going rummy doubles nothing.",
    "rule_mano_needs_minimum_on": "Going rummy must also reach the opening points.",
    "rule_mano_needs_minimum_off": "Going rummy needs no opening minimum.",
    "rule_unopened_pays_100_never": (
        "A player who never opened pays the value of the cards in hand, like everyone."
    ),
    "rule_unopened_pays_100_after_mano": (
        "A player who never opened pays 100 when someone goes rummy; otherwise the cards' value."
    ),
    "rule_unopened_pays_100_always": "A player who never opened pays 100 at every closing.",
    "rule_lone_ace_counts_one_on": "An ace left alone in hand costs 1 point.",
    "rule_lone_ace_counts_one_off": "An ace in hand always costs 11 points.",
    "rule_attachable_discard_before_opening": (
        "A player who has not opened may not discard a card that fits a meld on the table; once "
        "open, they may."
    ),
    "rule_attachable_discard_except_closing": (
        "Nobody may discard a card that fits a meld on the table, except to close."
    ),
    "rule_attachable_discard_never": (
        "Nobody may ever discard a card that fits a meld on the table, not even to close."
    ),
    "rule_attachable_discard_allowed": "Any card may be discarded, even one that would fit a meld.",
    "rule_first_round_closing_on": "You may close even before everyone has had a turn.",
    "rule_first_round_closing_off": "Nobody closes before everyone has had a first turn.",
    "rule_reentry_on": "An eliminated player re-enters at the highest score still in.",
    "rule_reentry_off": "An eliminated player stays out.",
    # -- What the coach says in the guided first hand (web/learn/coach.py), a line for each of the
    # player's moves of its fixed deal, and its congratulations at the end.
    "coach_first_draw": (
        "Your turn. Every turn starts with a draw: tap the stock (the face-down deck)."
    ),
    "coach_discard_ban": (
        "Every turn ends with a discard on the pile. Try discarding J♠: you may not, it fits the "
        "bot's Q♠ K♠ run and a player who has not opened may not discard a card that can be "
        "attached. Discard A♣."
    ),
    "coach_draw_again": "Draw from the stock again.",
    "coach_open_run": (
        "To open you need melds worth at least 40 points, in the same turn. Select Q♥ K♥ A♥ and "
        "lay them: a run worth 31 (the total shows 31/40)."
    ),
    "coach_open_set": (
        "Now the set of nines (9♥ 9♣ 9♠, three different suits): 31 + 27 = 58, you have opened."
    ),
    "coach_attach": (
        "Once open you may attach cards to the melds on the table: attach J♠ below the bot's Q♠."
    ),
    "coach_end_turn": "End the turn by discarding 10♣.",
    "coach_draw": "Draw.",
    "coach_discard_costliest": "Nothing to lay: discard K♣, your costliest card.",
    "coach_draw_ace": "Draw: it is A♠.",
    "coach_swap": (
        "The joker in the bot's run stands for A♠, and you hold A♠: put it in its place and take "
        "the joker (a joker swap)."
    ),
    "coach_use_joker": "A joker you take must be used this turn: lay 7♦ 7♠ with the joker as 7♥.",
    "coach_discard_5c": "Discard 5♣.",
    "coach_discard_5s": "Discard 5♠.",
    "coach_draw_seven": "Draw: it is 7♥.",
    "coach_swap_back": (
        "Your joker in the set of sevens stands for 7♥: take it back by putting 7♥ in its place."
    ),
    "coach_lay_run": "Lay 3♥ 5♥ with the joker as 4♥.",
    "coach_close": "One card left: discarding it closes the hand and wins. Discard 3♠.",
    "coach_done": "You closed the hand and won your first game! Now you know how to play Scala 40.",
    # a move the rules allow but the lesson does not take now: said alone, under the
    # coach's line, which stays until its step is done
    "coach_not_now": "That is not the lesson's move: follow the instruction.",
}

#: The friends' protocol's refusals (web/friends/errors.py), by code.
PEER: dict[str, Text] = {
    "peer_version": (
        "Another version of the game: this device speaks protocol {ours}, the other {theirs}. "
        "Reload the page on both."
    ),
    "peer_bad_message": "A message from the other device was refused: {why}",
    "peer_wrong_match": "This message belongs to another match.",
    "peer_bad_seat": "This invitation is not valid for seat {seat}: ask the host for a new one.",
    "peer_host_deals": "The host deals the next hand.",
    "peer_not_your_turn": "It is not your turn: {player} is to move.",
    "peer_stale": "The move arrived after the table had changed: here is the table as it is now.",
    "peer_out_of_order": (
        "Messages arrived out of order (expected number {expected}, got {got}): the table has "
        "been brought up to date."
    ),
    "peer_quick_too_fast": "Too many quick messages: wait a few seconds.",
    "peer_not_joined": "You are not seated yet: wait for the host to confirm.",
    "peer_unknown_refusal": "The other device refused the move ({code}).",
    # the reasons inside peer_bad_message
    "peer_too_large": "it is too large ({size} characters, at most {limit}).",
    "peer_not_json": "it is not JSON.",
    "peer_not_unicode": "it holds text that is not valid.",
    "peer_not_object": "it is not a JSON object.",
    "peer_unknown_type": "unknown message type “{type}”.",
    "peer_bad_field": "the field “{field}” is not valid ({expected}).",
}
