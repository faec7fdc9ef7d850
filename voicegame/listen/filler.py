"""Frequent English words, for the out-of-grammar ("garbage") loop of the listening grammar.

The 662 most frequent alphabetic words of English in wordfreq 3.1.1 (``top_n_list("en", 700)``,
generated once; no runtime dependency), kept when pocketsphinx's CMU dictionary has them, a few
offensive words removed. The grammar drops every word the command language uses, so what is left
lets the recogniser decode speech that is not a command as what it is: other words.
The list was not derived from the non-command sentences the tests and the bench use.
"""

FREQUENT_WORDS = tuple("""
the to and of a in i is for that you it on with this was be as are have at he not by but from my or
we an your all so his they me if one can will just like about up out what has when more do no were
who had their there her which time get been would she new people how some also them now other its
our than good only after first him into know see two make over think any then could back these us
want because go well said way most much very where even should may here need really did right work
year years being day too going before off why made still take got many never those life say world
down great through last s while best such love man home long look something use same used both every
am come part state three around between always better find help high little old since another does
own things under during game thing give house place school again next each mr without against end
found must show big feel sure team ever family keep might please put money free second someone away
left number city days lot name night play until company doing few let real called different having
set thought done however getting government group looking public top women business care start
system times week already anything case nothing person today change enough everything full live
making point read told yet bad four hard mean once support tell including music power seen states
stop water based believe call head men national small took white came far job side though try went
yes actually american later less line order party run says service country open season thank
children everyone general trying united using area black d following law makes together war whole
car face five kind maybe per president story working course games health hope important least means
news within able book early friends information local oh post t thanks video young ago others social
talk court fact given guys half hand level mind often single become body coming control death food
guy hours office pay problem south true almost history known large lost m research room several
started taking university win wrong along anyone else girl john matter pretty remember air bit
friend hit needs nice playing probably saying understand yeah york class close comes idea
international looks past possible wanted b cause due happy human members months move question r
series wait woman ask community data late leave north saw special watch c either future light low
million morning police short stay taken age buy deal rather reason red report soon third turn
whether among check development form further heart minutes myself services yourself act although
asked child fire fun living major media phone players art behind building easy gonna market near non
plan political quite six talking west works according available e education final former front kids
list ready sometimes son street bring college current example experience heard london meet program
type baby chance father march process song study word across action clear gave gets himself month
outside self students words board cost cut dr field held instead main moment mother road seems
thinking town wants de department energy fight fine force hear issue played points price re rest
results running shows space summer term wife america beautiful date goes killed land miss project
shot site strong account co especially eyes include june parents period position record similar
total w above club common died film happened knew lead likely military perfect personal security
share st tv won x april center county couple dead english happen hold industry inside issues online
player private problems return rights sense star test view weeks break british companies event
higher hour l member middle needed present result sorry takes training wish answer boy design
finally girls gold gone guess interest july king learn policy society
""".split())
