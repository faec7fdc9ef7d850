"""The hand review of the audit, applied by build.py over the drafted rows.

OVR: (game key, a piece of a manual sentence) -> (status, test or None, where or None): the status a
reviewer gave the row (``('skip',)`` leaves the sentence out as not a rule). FIXED: the rows of the
known differences fixed in issue 38 item 1 (branch rules-fix), each game with the sentences it pins
(a regular expression), what changed, and the test. NOTES: a paragraph under a game's heading.
INTRO and NEW: the text before the summary and the "Differences" section (intro.md, new.md).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def T(f: str, n: str) -> str:
    return f'tests/test_{f}.py::{n}'


RUNS_HOME = ('a run whose cards follow the foundation\'s build now goes to it in one move, laid in reverse, its top card first '
             '(foundations are `runs_home(...)`: `RunsHome` in voicegame/engine/homing.py)')
GROUPS_RE = r'(group|groups|sequences|whole pile).*(foundation)|(foundation).*(group|groups)'
# key -> (sentences pinned, what changed, test)
FIXED: dict[str, tuple[str, str, str]] = {
    'forty_thieves': (GROUPS_RE, RUNS_HOME, T('forty_thieves', 'test_a_run_goes_to_a_foundation_in_one_move_laid_in_reverse')),
    'eagle_wing': (GROUPS_RE, RUNS_HOME, T('eagle_wing', 'test_a_group_goes_to_a_foundation_in_one_move')),
    'odessa': (GROUPS_RE, RUNS_HOME, T('odessa', 'test_a_run_goes_up_in_one_move')),
    'zebra': (GROUPS_RE, RUNS_HOME + '; so does a whole pile (its foundations build in alternate colours)', T('zebra', 'test_a_whole_pile_goes_to_a_foundation_in_one_move')),
    'seahaven': (GROUPS_RE, RUNS_HOME, T('bakers_game', 'test_seahaven_sends_a_run_in_one_suit_home_in_one_move')),
    'agnes': (r'Cards in Foundations are still in play',
              'foundation cards, the base card too, may come back to the piles; the base rank is the deal\'s '
              '(`RememberedBase` in voicegame/games/parts.py), so it holds after the base card leaves',
              T('agnes', 'test_foundation_cards_are_still_in_play_the_base_card_too')),
    'lady_jane': (r'Cards in Foundations are still in play',
                  'foundation cards, the base card too, may come back to the piles (`RememberedBase`)',
                  T('lady_jane', 'test_foundation_cards_are_still_in_play_the_base_card_too')),
    'glenwood': (r'Whole piles',
                 'only a whole pile goes onto another pile (its bottom card on the other\'s top); a pile\'s top card still goes to a foundation',
                 T('glenwood', 'test_a_pile_moves_whole_onto_another_and_its_top_card_to_a_foundation')),
    'straight_up': (r'Cards in the Tableau are built down in suit|Piles can be built in suit',
                    'aces are high on the piles too, as on the foundations: a king goes on an ace, nothing on a two',
                    T('straight_up', 'test_aces_are_high_on_the_piles_too')),
    'whitehead': (r'Builds of cards that are the same suit',
                  'a run in one suit also goes to its foundation in one move (`runs_home`; decision in the module docstring: the manual is silent)',
                  T('whitehead', 'test_a_run_in_one_suit_goes_up_in_one_move')),
    'thieves': (r'The Waste can be built up or down',
                'the waste starts empty and the first move is the draw that starts it, as AisleRiot deals its first card onto the waste '
                '(decision in the module docstring); a column card never starts the waste',
                T('thieves', 'test_the_first_move_is_the_draw_that_starts_the_waste_as_aisleriot_deals_it')),
}
# A second pinned sentence with its own test (Lady Jane's base rank).
FIXED_MORE: dict[str, tuple[str, str, str]] = {
    'lady_jane': (r'Cards in the Tableau are built down by alternating color',
                  'nothing goes on a card of the base rank: an empty pile takes the rank below the base, so that rank heads a pile and the base rank ends one',
                  T('lady_jane', 'test_nothing_goes_on_a_card_of_the_base_rank')),
}
A = 'agrees'; R = 'agrees (read)'
OVR = {
 ('klondike', 'Cards are dealt from the stock three at a time'): (A + ': default draw=3', T('klondike_rules', 'test_stock_turns_three_cards_onto_the_waste')),
 ('klondike', 'There is no limit to how many times'): (A + ': default passes=None; playing the stock out: 3000 turns, 333 redeals, never refused', T('klondike_rules', 'test_empty_stock_restacks_the_waste')),
 ('klondike', 'Cards are dealt from the stock one at a time.'): (A + ': option draw=1', T('klondike_rules', 'test_draw_one_option_turns_one_card')),
 ('klondike', 'However you can only turn the stock over and redeal twice'): (A + ': options draw=1 passes=3; played out: 74 turns, 2 redeals, then no_redeals_left', T('klondike_rules', 'test_pass_limit_stops_restacking')),
 ('klondike', 'No redeals'): (A + ': options draw=1 passes=1; played out: then no_redeals_left with 0 redeals', T('klondike_rules', 'test_pass_limit_stops_restacking')),
 ('klondike', 'There is no redeal.'): (A + ': options draw=1 passes=1 (one pass)', T('klondike_rules', 'test_pass_limit_stops_restacking')),
 ('klondike', 'Cards are dealt one at a time from the stock.'): (A + ': option draw=1', T('klondike_rules', 'test_draw_one_option_turns_one_card')),
 ('klondike', 'The difference between them'): ('skip',),
 ('freecell', 'Cards in Reserve piles can be played back'): (A + ': a cell gives its card to a column or a foundation (Takes top card)', T('freecell', 'test_a_cell_card_goes_to_a_column_or_home'), 'games/freecell.py: cell1.. takes=Takes()'),
 ('freecell', 'Cards can only be moved singly, but as a shortcut'): ('differs (documented decision in games/freecell.py): empty columns count too, (free cells + 1) * 2 ** (empty columns); with no free cell and two empty columns a run of four moves (see "Differences")', T('freecell', 'test_run_limit_counts_free_cells_and_empty_columns'), 'games/freecell.py: max_run=free_space_run_limit'),
 ('freecell', 'Groups of cards can be moved if there are enough Reserve'): ('differs (documented decision in games/freecell.py): empty columns count as well as free cells', T('freecell', 'test_run_limit_counts_free_cells_and_empty_columns'), 'games/freecell.py: max_run=free_space_run_limit'),
 ('freecell', 'Each Reserve pile can only hold one card'): (A, T('freecell', 'test_a_cell_never_takes_two_cards')),
 ('gaps', 'Two redeals are allowed'): (A + ': redeal refused until every gap is dead, then allowed twice (games/gaps.py GatherAndRedeal)', T('gaps', 'test_redeal_only_when_every_gap_is_dead'), 'games/gaps.py: stock_rule (redeal when every gap is dead, at most 2)'),
 ('gaps', 'Only two redeals are allowed'): (A + ': at most two redeals; the game is over when every gap is dead and both are used', T('gaps', 'test_won_and_no_moves_left'), 'games/gaps.py: stock_rule (redeal when every gap is dead, at most 2)'),
 ('gaps', 'Gaps following Kings or other gaps'): (A, T('gaps', 'test_gap_after_a_king_or_a_gap_is_dead')),
 ('gaps', 'Gaps in the leftmost column'): (A, T('gaps', 'test_first_column_takes_any_two_only')),
 ('gaps', 'A gap to the right of any non-King'): (A, T('gaps', 'test_gap_takes_the_next_card_of_the_left_neighbours_suit')),
 ('gaps', 'Once a card is placed in a sequence'): (A, T('gaps', 'test_cards_in_order_from_a_two_are_fixed')),
 ('gaps', 'Any cards not in sequence will be removed'): (A, T('gaps', 'test_redeal_reshuffles_only_unfixed_cards_deterministically')),
 ('gaps', 'Randomly Placed Gaps'): (A + ': option redeal_gaps="random"', T('gaps', 'test_random_gaps_option_scatters_the_gaps')),
 ('gaps', 'If unchecked, the gaps'): (A + ': default redeal_gaps="after_runs"', T('gaps', 'test_redeal_reshuffles_only_unfixed_cards_deterministically')),
 ('gaps', 'Each card placed in sequence'): ('skip',),
 ('gaps', 'Put off making any move'): ('skip',),
 ('yukon', 'To be built down in opposite color'): (A + ' (tableau; the heading was lost in the seed)', None, 'games/yukon.py: pile1.. accepts=Accepts(build=Sequence(DOWN, ALTERNATE))'),
 ('spiderette', 'Create four piles of thirteen'): (A + ': a one-suit run of thirteen lifts off (lift_off=Sequence(DOWN, SAME)); four win', None, 'games/spiderette.py: lift_off, is_won'),
 ('spider', 'You can also win by leaving'): ('cannot express: finished runs lift off by themselves (lift_off), so the harder goal of keeping them on the table is not offered (documented in games/spider.py)', T('spider', 'test_a_finished_run_is_lifted_off_at_once'), 'games/spider.py: lift_off'),
 ('spider', 'A sequence of cards going down from King down to Ace can be moved'): (A + ': moved by itself, at once (documented)', T('spider', 'test_a_finished_run_is_lifted_off_at_once'), 'games/spider.py: lift_off'),
 ('spider', 'However, all piles must be non-empty'): (A, T('spider', 'test_no_deal_while_a_column_is_empty_or_the_stock_is_empty'), 'games/spider.py: stock_rule=DealOnePerPile(needs_no_empty=True)'),
 ('spider', 'If an empty pile exists, an error message'): (A + ': the deal is refused with a reason (fill_empty_piles_first)', T('spider', 'test_no_deal_while_a_column_is_empty_or_the_stock_is_empty'), 'games/spider.py: stock_rule=DealOnePerPile(needs_no_empty=True)'),
 ('spider', 'Clicking on the Stock pile at any time'): (A, T('spider', 'test_deal_puts_one_card_on_every_column'), 'games/spider.py: stock_rule=DealOnePerPile'),
 ('spider', 'Once there, these cards are no longer in play'): (A, T('spider', 'test_nothing_is_moved_to_or_from_the_foundations'), 'games/spider.py: foundation1.. accepts=None takes=None'),
 ('spider', 'There are three possible types of deck'): (A + ': option suits=1, 2 or 4', T('spider', 'test_suit_options_use_104_cards'), 'games/spider.py: option suits'),
 ('cruel', 'Redeals are unlimited'): (A + ': GatherAndRedeal with no limit; refused only when it would change nothing (at the deal: nothing_to_redeal)', T('cruel', 'test_redeals_are_unlimited'), 'games/cruel.py: stock_rule=GatherAndRedeal'),
 ('cruel', 'Build foundations up in suit and tableau'): (A, T('cruel', 'test_foundations_build_up_in_suit_and_keep_their_cards')),
 ('cruel', 'Up to thirteen piles'): ('differs (documented decision in games/cruel.py): twelve piles, as 48 cards in fours make twelve', T('cruel', 'test_the_aces_start_home_and_twelve_piles_get_four'), 'games/cruel.py: layout_deal'),
 ('cruel', 'Redeals are accomplished by placing'): (R + ': piles gathered in order and dealt again in fours, so a redeal after no move changes nothing', T('cruel', 'test_a_redeal_gathers_the_piles_in_order_and_deals_fours_from_pile_one'), 'games/cruel.py: stock_rule=GatherAndRedeal'),
 ('cruel', 'Then the deck is simply turned over'): (R, T('cruel', 'test_a_redeal_gathers_the_piles_in_order_and_deals_fours_from_pile_one'), 'games/cruel.py: stock_rule=GatherAndRedeal'),
 ('cruel', 'If no moves are made, redealing will not'): (A, T('cruel', 'test_no_moves_left_only_when_a_redeal_changes_nothing'), 'games/cruel.py: stock_rule=GatherAndRedeal'),
 ('cruel', 'Therefore, the game is lost if no move'): (A, T('cruel', 'test_no_moves_left_only_when_a_redeal_changes_nothing'), 'engine/engine.py: Engine.is_stuck'),
 ('cruel', 'Note: a degenerate case'): ('cannot express: the loop is not detected; the player hears the same position again and can stop (documented in games/cruel.py)', 'none', 'engine/engine.py: Engine.is_stuck'),
 ('cruel', 'Making this move and redealing'): ('cannot express: as above (not detected)', 'none', 'engine/engine.py: Engine.is_stuck'),
 ('cruel', 'AisleRiot will end the game if this situation'): ('cannot express: as above (not detected)', 'none', 'engine/engine.py: Engine.is_stuck'),
 ('cruel', 'If more than one pile'): ('skip',),
 ('accordion', 'Any card can be moved over another card'): (A, T('accordion', 'test_a_card_goes_on_the_card_one_or_three_places_left_of_the_same_suit_or_rank'), 'games/accordion.py: pairs (one or three places left)'),
 ('accordion', 'The spaces should be considered as one continuous line'): (A, T('accordion', 'test_the_line_runs_on_from_the_end_of_a_row_to_the_start_of_the_next'), 'games/accordion.py: pairs (one line)'),
 ('accordion', 'To remove all cards except one'): (A, T('accordion', 'test_won_with_one_card_left'), 'games/accordion.py: is_won=one_left'),
 ('accordion', 'The card that is covered is removed'): (A, T('accordion', 'test_the_covered_card_leaves_play_and_the_line_closes_up')),
 ('accordion', 'All the cards (if any) in spaces to the right'): (A, T('accordion', 'test_the_covered_card_leaves_play_and_the_line_closes_up')),
 ('accordion', 'Cards are moved singly'): (A, T('accordion', 'test_a_single_card_only_and_nothing_on_an_empty_place')),
 ('accordion', 'At the end you can move these cards'): ('skip',),
 ('accordion', 'Goal'): ('skip',),
 ('glenwood', 'One redeal.'): (A + ': played out after choosing the base: 73 turns, 1 redeal, then no_redeals_left', T('glenwood', 'test_draw_one_with_one_redeal')),
 ('glenwood', 'There is one redeal.'): (A + ': as above', T('glenwood', 'test_draw_one_with_one_redeal')),
 ('union_square', 'Foundation piles are to be built in suit from Ace to King, followed'): (A + ': on A..K of hearts the engine takes a second KH and refuses QH; after the second king it takes QH and refuses AH', T('union_square', 'test_foundations_go_ace_to_king_then_king_back_to_ace'), 'games/union_square.py: hearts accepts=Accepts(extra=UpThenDown())'),
 ('union_square', 'Foundation piles are built by suit from Ace to King, then King back'): (A, T('union_square', 'test_foundations_go_ace_to_king_then_king_back_to_ace'), 'games/union_square.py: hearts accepts=Accepts(extra=UpThenDown())'),
 ('giant', 'Cards are moved singly or in groups'): (A, None),
 ('kansas', 'All four piles are to be built up, with the ranks continuous'): (A + ': in suit, as the rules line says (documented)', None, 'games/kansas.py: foundation1.. accepts=Accepts(build=Sequence(UP, SAME, wrap), base_from=foundation1)'),
 ('terrace', "Groups of cards can't be moved"): (A, T('terrace', 'test_piles_build_down_in_alternating_colours_round_the_corner_one_card_at_a_time'), 'games/terrace.py: pile1.. takes=Takes()'),
 ('terrace', 'as many times as you like unless'): (A + ': any number of single turns while no pile is empty; played out after the base: 82 turns, no redeal', T('terrace', 'test_with_no_pile_empty_the_stock_turns_freely_but_never_comes_round')),
 ('terrace', 'Foundations are built up in sequence by suit from the base card'): ('cannot express: General Patience is not offered (a turn that loses the game has no rule; documented in games/terrace.py)', 'none', 'games/terrace.py: option variant'),
 ('terrace', 'Reserve of 13 cards'): ('cannot express: General Patience is not offered', 'none', 'games/terrace.py: option variant'),
 ('terrace', 'Stock can be turned once but the game is lost'): ('cannot express: General Patience is not offered', 'none', 'games/terrace.py: option variant'),
 ('terrace', 'An empty pile in the Tableau must be filled by the top card in Waste'): (A, T('terrace', 'test_an_empty_pile_takes_only_the_waste_card')),
 ('terrace', 'Top card of the Reserve is in play and can only be moved to Foundations'): (A, T('terrace', 'test_the_reserve_plays_only_to_the_foundations')),
 ('terrace', 'Cards in Foundations are out of play'): (A, T('terrace', 'test_foundation_cards_are_out_of_play')),
 ('osmosis', 'Three card deals'): (A + ': option cards_per_deal=3; played out: 3000 turns, 230 redeals, never refused', T('osmosis', 'test_one_card_at_a_time_with_two_redeals_or_three_with_unlimited')),
 ('napoleons_tomb', 'Deal Three Cards'): (A + ': option cards_per_deal=3; played out: 56 turns, 2 redeals, then no_redeals_left', T('napoleons_tomb', 'test_one_pass_or_three_passes_three_at_a_time')),
 ('camelot', 'Kings can only be placed in a corner'): (A, T('camelot', 'test_kings_only_in_corners_queens_top_and_bottom_middles_jacks_side_middles'), 'games/camelot.py: r1c1.. accepts=Accepts(sources={WASTE}, extra=RanksOnly)'),
 ('camelot', 'Queens can only be placed'): (A, T('camelot', 'test_kings_only_in_corners_queens_top_and_bottom_middles_jacks_side_middles'), 'games/camelot.py: RanksOnly'),
 ('camelot', 'Jacks can only be placed'): (A, T('camelot', 'test_kings_only_in_corners_queens_top_and_bottom_middles_jacks_side_middles'), 'games/camelot.py: RanksOnly'),
 ('camelot', 'Game is lost if a picture card'): (A, T('camelot', 'test_lost_when_a_court_card_has_no_spot'), 'engine/engine.py: Engine.is_stuck'),
 ('camelot', 'Remove all cards but picture cards'): (A, T('camelot', 'test_won_with_only_the_court_cards_left'), 'games/camelot.py: is_won=forty_removed'),
 ('camelot', 'Please note that you cannot begin Phase Two'): (A, T('camelot', 'test_nothing_is_removed_before_the_grid_is_full'), 'games/camelot.py: settle=FillThenClear'),
 ('camelot', 'An exception to this rule is if the stock and waste are empty'): (A, T('camelot', 'test_clearing_any_time_once_stock_and_waste_are_empty'), 'games/camelot.py: settle=FillThenClear'),
 ('plait', 'The group of cards in the middle'): ('skip',),
 ('block_ten', 'Remove all cards.'): (A + ': the tens cannot be removed, so the game is won with only the four tens left', T('block_ten', 'test_won_when_only_the_four_tens_are_left'), 'games/block_ten.py: is_won=all_but_tens'),
 ('block_ten', 'Tens cannot be removed'): (A, T('block_ten', 'test_court_cards_go_in_pairs_of_their_own_rank_and_tens_never_go')),
 ('doublets', 'Move all cards to the Foundation pile.'): ('differs (documented decision in games/doublets.py): kings never double, so the game is won with the 48 other cards home', T('doublets', 'test_won_with_every_card_but_the_kings_home'), 'games/doublets.py: is_won=all_but_kings_home'),
 ('doublets', 'You can go through the deck three times'): (A + ': option redeals=2 (default); played out: 134 turns, 2 redeals, then no_redeals_left', T('doublets', 'test_three_passes_through_the_stock')),
 ('ten_across', 'One version of the game does not allow'): (A + ': option spots="once"', T('ten_across', 'test_spots_used_once_take_no_card_again'), 'games/ten_across.py: option spots'),
 ('ten_across', 'Allow temporary spots use'): (A + ': option spots="reuse" (default)', T('ten_across', 'test_a_spot_holds_one_card_and_its_card_plays_back'), 'games/ten_across.py: option spots'),
 ('ten_across', 'Only a King may be moved to a blank'): (A, T('ten_across', 'test_only_a_king_goes_to_an_empty_column')),
 ('gold_mine', 'When Stock is empty, game over'): (A + ': the stock is never turned again (played out: 18 turns, then no_redeals_left); play goes on on the table until no move is left', T('gold_mine', 'test_game_over_once_the_stock_is_spent_and_nothing_moves')),
 ('golf', 'Only Deuces can be placed on Aces and nothing can be played on to a King'): (A, T('golf', 'test_one_rank_up_or_down_in_any_suit'), 'games/golf.py: waste accepts=Accepts(build=Sequence(EITHER, ANY, closed=[13]))'),
 ('golf', 'The Waste can be built up or down'): (A, T('golf', 'test_one_rank_up_or_down_in_any_suit'), 'games/golf.py: waste accepts=Accepts(build=Sequence(EITHER, ANY, closed=[13]), sources={TABLEAU})'),

 ('cover', 'The game is over when each suit is represented'): (A, T('cover', 'test_over_when_four_suits_show'), 'engine/engine.py: Engine.is_stuck (cover: pairs of one suit only)'),
 ('thieves', 'Jokers are wild'): (A, T('thieves', 'test_a_joker_goes_on_any_card'), 'games/thieves.py: waste accepts (jokers)'),
 ('eagle_wing', 'Each Tableau slot can hold a maximum of three cards'): (A, T('eagle_wing', 'test_a_pile_holds_three_cards_at_most'), 'games/eagle_wing.py: pile1.. accepts=Accepts(max_cards=3)'),
 ('pileon', 'A pile can hold as many as four cards'): (A, T('pileon', 'test_no_pile_grows_past_four')),
 ('pileon', 'Rearrange the cards so that each pile contains'): (A, T('pileon', 'test_won_when_every_rank_sits_in_a_pile_of_its_own')),
 ('doublets', 'If the doubled number exceeds thirteen'): (A, T('doublets', 'test_the_foundation_builds_by_doubling_less_thirteen_in_any_suit'), 'games/doublets.py: foundation accepts=Accepts(extra=Doubles())'),
 ('valentine', 'Have all the cards in the Tableau, each slot containing'): (A, T('valentine', 'test_won_with_four_suits_king_to_ace'), 'games/valentine.py: is_won=four_suits'),
 ('valentine', 'If this card can be played on to any of the Tableau piles'): (A, T('valentine', 'test_deal_turns_a_card_onto_the_empty_waste_which_may_go_on_a_pile')),
 ('zebra', 'Only the top card of each pile is'): (A + ' (between piles; the whole pile to a foundation is the known difference)', T('zebra', 'test_piles_build_down_in_alternating_colours_one_card_at_a_time')),
 ('backbone', 'Cards that are not obscured are available for play to anywhere except empty'): (A, T('backbone', 'test_an_empty_pile_takes_any_card_but_a_reserve_card'), 'games/backbone.py: pile1.. accepts=Accepts(empty_from=...) ; reserve takes=Takes(blocked_by=backbone)'),
 ('backbone', 'Two stacks of 9 cards each, with a single above'): (A, T('backbone', 'test_the_stacks_are_free_only_once_the_backbone_card_has_gone'), 'games/backbone.py: Takes(blocked_by=...)'),
 ('bear_river', 'The last pile of each row (the ones with two cards) are the Hole piles'): (A, T('bear_river', 'test_empty_standard_piles_stay_empty_and_holes_take_any_card')),
 ('bear_river', 'There are two types of Tableau piles'): (A, T('bear_river', 'test_empty_standard_piles_stay_empty_and_holes_take_any_card')),
 ('union_square', 'For example, if a Tableau pile has a three of clubs over a two'): (A, T('union_square', 'test_each_pile_keeps_the_direction_its_top_two_cards_set'), 'games/union_square.py: pile1.. accepts=Accepts(locks_direction=True)'),
 ('chessboard', 'Only the top card in every pile is available'): (A, None, 'games/chessboard.py: column1.. takes=TOP_CARD'),
 ('chessboard', 'The top card in any Tableau pile is available'): (A, None, 'games/chessboard.py: column1.. takes=TOP_CARD'),

 ('lady_jane', 'Empty spaces are not filled except by a deal from Stock'): (A + ' (the reserve: nothing is put on it by hand)', T('lady_jane', 'test_nothing_is_built_on_the_reserve'), 'games/lady_jane.py: reserve1.. accepts=None; stock_rule=DealOnePerPile'),
 ('bear_river', 'An empty Hole pile CAN have a new card placed on it'): (A, T('bear_river', 'test_empty_standard_piles_stay_empty_and_holes_take_any_card'), 'games/bear_river.py: pile6.. accepts.empty=EMPTY_ANY, extra=AtMost(count=3)'),
 ('bear_river', 'An empty standard pile CANNOT'): (A, T('bear_river', 'test_empty_standard_piles_stay_empty_and_holes_take_any_card'), 'games/bear_river.py: pile1.. accepts.empty=EMPTY_NONE'),
 ('bear_river', 'None of the Tableau piles can have more than three cards'): (A, T('bear_river', 'test_no_pile_holds_more_than_three'), 'games/bear_river.py: pile1.. accepts=Accepts(extra=AtMost(count=3))'),
 ('doublets', 'During this deal, if a King is dealt'): (A, T('doublets', 'test_a_king_dealt_to_a_reserve_goes_to_the_bottom_of_the_stock'), 'games/doublets.py: after_deal=kings_replaced'),
 ('bakers_game', 'A build of cards can only be moved if the number of cards'): (A, T('bakers_game', 'test_a_run_has_at_most_one_card_more_than_the_free_reserves'), 'games/bakers_game.py: max_run=free_cells_run_limit'),
 ('forty_thieves', 'As a short cut you can move more than one'): (A + ' (as far as empty piles allow)', T('forty_thieves', 'test_runs_move_only_as_far_as_empty_piles_allow'), 'games/forty_thieves.py: max_run=free_space_run_limit'),
 ('lady_jane', 'Empty piles can only be filled by the card whose rank is one lower'): (A, T('lady_jane', 'test_an_empty_pile_takes_only_the_rank_below_the_base'), 'games/lady_jane.py: pile1.. accepts=Accepts(base_from=foundation1, base_step=-1)'),
 ('lady_jane', 'An empty pile in the Tableau can be filled with a card whose rank is one lower'): (A, T('lady_jane', 'test_an_empty_pile_takes_only_the_rank_below_the_base'), 'games/lady_jane.py: pile1.. accepts=Accepts(base_from=foundation1, base_step=-1)'),

 ('bakers_game', 'Although cards in the Foundations are technically still in play'): ('differs (documented decision in games/bakers_game.py): foundation cards stay there; asked to move a five from a foundation onto a six, the engine answers cannot_take_from', T('bakers_game', 'test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards'), 'games/bakers_game.py: clubs.. takes=None (suit_foundation(playback=False))'),

 ('scorpion', 'At any point, clicking on the Stock will deal the last three cards'): (A + ': played: 1 deal, 3 cards onto column1-3, then stock_empty', T('scorpion', 'test_the_stock_deals_one_card_on_each_of_the_first_three_columns'), 'games/scorpion.py: stock_rule=DealOnePerPile(group=tableau)'),
 ('spiderette', 'Clicking on the Stock will deal a card on to every Tableau pile except for the last deal'): (A + ': played: 4 deals, the last 3 cards onto column1-3', T('spiderette', 'test_the_stock_deals_a_card_to_every_column_and_the_last_deal_to_the_first_few'), 'games/spiderette.py: stock_rule=DealOnePerPile(needs_no_empty=True)'),
 ('spiderette', 'Each Tableau pile must be filled before any deal'): (A, T('spiderette', 'test_one_deck_games_deal_only_with_no_empty_column'), 'games/spiderette.py: stock_rule=DealOnePerPile(needs_no_empty=True)'),
 ('will_o_the_wisp', 'When clicked, deal a card on to every Tableau pile except for the last deal'): (A + ': played: 5 deals, the last 3 cards onto column1-3', T('spiderette', 'test_the_stock_deals_a_card_to_every_column_and_the_last_deal_to_the_first_few'), 'games/will_o_the_wisp.py: stock_rule=DealOnePerPile(needs_no_empty=True)'),
 ('spider_three_decks', 'Unlike in other Spider variants, empty piles are allowed at redeals'): (A, T('spiderette', 'test_spider_three_decks_deals_onto_empty_columns'), 'games/spider_three_decks.py: stock_rule=DealOnePerPile(needs_no_empty=False)'),
 ('spider_three_decks', 'Clicking on the Stock pile at any time deals a card face up to every pile'): (A + ': played: 9 deals, the last of 6 cards onto column1-6 (102 = 8 x 12 + 6, documented)', T('spiderette', 'test_the_stock_deals_a_card_to_every_column_and_the_last_deal_to_the_first_few'), 'games/spider_three_decks.py: stock_rule=DealOnePerPile(needs_no_empty=False)'),
 ('easthaven', 'The last deal places one card face up on the first three piles'): (A + ': played: 5 deals, the last 3 cards onto pile1-3', T('easthaven', 'test_each_deal_covers_every_pile_and_the_last_only_the_first_three'), 'games/easthaven.py: stock_rule=GapsFilledFirst(DealOnePerPile)'),
 ('easthaven', 'Clicking on the Stock deals one card face up on to each Tableau pile'): (A, T('easthaven', 'test_each_deal_covers_every_pile_and_the_last_only_the_first_three'), 'games/easthaven.py: stock_rule=GapsFilledFirst(DealOnePerPile)'),
 ('easthaven', 'Any empty Tableau slots must be filled if possible before dealing'): (A, T('easthaven', 'test_gaps_that_can_be_filled_must_be_before_a_deal'), 'games/easthaven.py: stock_rule=GapsFilledFirst(DealOnePerPile)'),
 ('lady_jane', 'When there are only two cards left in Stock'): (A + ': played: 3 deals, the last 2 cards onto reserve1 and reserve2, both on top', T('lady_jane', 'test_a_deal_puts_one_card_on_each_reserve_pile_and_the_last_two_on_the_first_two'), 'games/lady_jane.py: stock_rule=DealOnePerPile(group=reserve)'),
 ('agnes', 'Cards are dealt in batches of seven'): (A + ': played: 4 deals, the last of 2 cards onto pile1 and pile2 (23 cards; documented)', T('agnes', 'test_a_deal_puts_one_card_on_each_pile_the_last_two_on_piles_one_and_two'), 'games/agnes.py: stock_rule=DealOnePerPile(group=tableau)'),
 ('agnes', 'Each deal flips one card from the Stock to each pile'): (A, T('agnes', 'test_a_deal_puts_one_card_on_each_pile_the_last_two_on_piles_one_and_two'), 'games/agnes.py: stock_rule=DealOnePerPile(group=tableau)'),

 ('triple_peaks', 'Aces are ranked both above Kings and below Deuces'): (A, T('triple_peaks', 'test_one_rank_up_or_down_with_wrap'), 'games/triple_peaks.py: waste accepts=Accepts(build=Sequence(EITHER, ANY, wrap))'),
 ('elevator', 'Aces are both above Kings and below Deuces'): (A, T('elevator', 'test_one_rank_up_or_down_in_any_suit_ace_next_to_king'), 'games/elevator.py: waste accepts=Accepts(build=Sequence(EITHER, ANY, wrap))'),
 ('escalator', 'Aces are both above Kings and below Deuces'): (A, T('elevator', 'test_one_rank_up_or_down_in_any_suit_ace_next_to_king'), 'games/escalator.py: waste accepts=Accepts(build=Sequence(EITHER, ANY, wrap))'),

 ('clock', 'Game is over when there are four kings in the middle'): (A, T('clock', 'test_over_at_the_fourth_king_won_only_with_every_hour_in_place'), 'games/clock.py: is_won=all_in_place; Engine.is_stuck'),
 ('clock', 'Aces go where the ones go'): (A, T('clock', 'test_the_centre_card_goes_only_to_its_own_hour_and_kings_to_the_kings')),
 ('clock', 'The Tableau is in the shape of a clock'): (A, T('clock', 'test_the_centre_card_goes_only_to_its_own_hour_and_kings_to_the_kings')),
 ('clock', 'This new card is ready for play'): (A, T('clock', 'test_the_bottom_card_under_the_hour_comes_up_in_the_centre')),
 ('maze', 'Put each suit of cards into ascending order'): (A, T('maze', 'test_score_counts_cards_in_order_and_the_win'), 'games/maze.py: is_won=sorted_from_top_left'),
 ('plait', 'These are automatically refilled from the plait'): (A, T('plait', 'test_an_edge_refills_from_the_plait'), "games/plait.py: refill=Refill(group='edges', source='plait')"),
 ('sir_tommy', 'Can only hold one card'): (A + ' (the waste)', T('sir_tommy', 'test_the_waste_card_must_be_played_before_the_next_and_the_stock_turns_once'), 'games/sir_tommy.py: stock_rule=DrawToWaste(waste_limit=1)'),
 ('fourteen', 'Aces are worth one and Jacks, Queens, and Kings are worth'): (A, T('fourteen', 'test_two_top_cards_adding_up_to_fourteen_go_together'), 'games/fourteen.py: pairs=PairRule(sums_to=14)'),
 ('triple_peaks', 'Tableau cards are made available when not covered'): (A, T('triple_peaks', 'test_a_covered_card_cannot_play_and_turns_up_when_freed'), 'games/triple_peaks.py: uncover'),
 ('thirteen', 'The top card is available for play either with the available cards in the pyramid or with the card below'): (A, T('thirteen', 'test_only_the_waste_top_is_free_and_the_card_under_it_pairs_only_with_the_top'), 'games/thirteen.py: pairs=PairRule(under_top=...)'),
 ('treize', 'Top and bottom cards are available for play either by themselves'): (A, T('treize', 'test_the_waste_top_bottom_and_the_card_under_the_top'), 'games/treize.py: pairs=PairRule(both_ends=...)'),
 ('eagle_wing', 'Other Fondations must be started with a card of the same rank'): (A, T('eagle_wing', 'test_foundations_start_at_the_base_rank_and_build_up_in_suit_round_the_corner'), 'games/eagle_wing.py: foundation1.. accepts=Accepts(base_from=...)'),
 ('camelot', 'Any other card: Place in any empty space'): (A, T('camelot', 'test_kings_only_in_corners_queens_top_and_bottom_middles_jacks_side_middles'), 'games/camelot.py: RanksOnly'),
 ('doublets', 'A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7'): (A, T('doublets', 'test_the_foundation_builds_by_doubling_less_thirteen_in_any_suit'), 'games/doublets.py: foundation accepts=Accepts(extra=Doubles())'),

 ('klondike', 'There are three possible ways to play'): (A + ': options draw (1 or 3) and passes', T('klondike_rules', 'test_pass_limit_stops_restacking'), 'games/klondike.py: options draw, passes'),
 ('terrace', 'There are seven ways to play'): ('cannot express (one of seven): option variant offers six; General Patience is not offered', None, 'games/terrace.py: option variant'),
 ('giant', 'There are two ways to play'): (A + ': option build ("alternate" or "suit")', None, 'games/giant.py: option build'),
 # After the issue 38 item 1 fix: the piles' Takes now lift runs (for the foundations), the piles' Accepts keep one card.
 ('eagle_wing', 'Cards can only be moved singly to another Tableau pile'): (A + ': a pile accepts one card at a time (`single=True`); its runs go only to a foundation. Played: 9H 8H onto TH -> single_only, 7H alone onto 8H -> legal', T('eagle_wing', 'test_piles_build_down_in_suit_one_card_at_a_time')),
 ('forty_thieves', 'Cards are moved singly'): (R + ': a run moves between piles only as far as single moves through empty piles would take it (max_run=run_limit); a run goes to a foundation in one move (fixed, see below)', T('forty_thieves', 'test_runs_move_only_as_far_as_empty_piles_allow')),
 ('forty_thieves', 'Cards can only be moved singly'): (R + ': as above (max_run=run_limit)', T('forty_thieves', 'test_runs_move_only_as_far_as_empty_piles_allow')),
}
NOTES = {
 'klondike': "The seed has no title line for Klondike: its section (\"Written by Jonathan Blandford\", the Klondike triangle and \"three possible ways to play\") follows King's Audience; it is audited here.",
 'royal_parade': 'The manual seed has no Royal Parade section (it is not in AisleRiot 2.12\'s manual). Nothing to map; the rules as played are in the module docstring and its 24 tests.',
 'terrace': 'The manual lists seven ways to play; six are the option `variant` (terrace, falling_stars, signora, redheads, blondes_and_brunettes, wood). General Patience is not offered.',
 'spider_three_decks': 'Checked: `stock_rule=DealOnePerPile(needs_no_empty=False)`, as the manual\'s "empty piles are allowed at redeals" says.',
}
for k, (_, what, test) in FIXED.items():
    NOTES[k] = (f'Known difference fixed in issue 38 item 1 (branch rules-fix, merged into main): {what}. '
                f'Rows marked "fixed in issue 38 item 1"; test `{test}`; replayed with the engine in "Differences fixed" above.')
INTRO = (HERE / 'intro.md').read_text(encoding='utf-8')
NEW = (HERE / 'new.md').read_text(encoding='utf-8')
DOCUMENTED = ''
