import { foldWord } from '../tokenize';
import type { StopWordLanguage } from './analysis-types';

// Function words per language (articles, pronouns, auxiliaries, prepositions, conjunctions, common
// adverbs) plus the chat spellings of contractions. Words are split like search splits them, so
// English `don't` arrives as `don` + `t`: the fragments are listed. Lists are folded on load like
// every counted word (`über` is stored as `uber`).

const LISTS: Record<StopWordLanguage, string> = {
  en: `a about above after again against all am an and any are aren as at be because been before being below
    between both but by can cannot could couldn d did didn do does doesn doing don down during each few for from
    further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn it
    its itself just ll m me mightn more most mustn my myself needn no nor not now o of off on once only or other our
    ours ourselves out over own re s same shan she should shouldn so some such t than that the their theirs them
    themselves then there these they this those through to too under until up ve very was wasn we were weren what
    when where which while who whom why will with won wouldn would y you your yours yourself yourselves im ive id
    dont didnt doesnt cant wont isnt wasnt arent youre theyre thats whats u ur also`,
  de: `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei
    bin bis bist da damit dann das dass dasselbe dazu dein deine deinem deinen deiner dem den denn der des desselben
    dessen dich die dies diese dieselbe dieselben diesem diesen dieser dieses dir doch dort du durch ein eine einem
    einen einer eines einig einige einigem einigen einiger einiges einmal er es etwas euch euer eure eurem euren
    eurer ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im in indem ins ist jede jedem jeden jeder jedes jene jenem
    jenen jener jenes jetzt kann kein keine keinem keinen keiner man manche mein meine meinem meinen meiner mich
    mir mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seit sich
    sie sind so solche soll sollte sondern sonst um und uns unser unsere unter viel vom von vor wann war waren warst
    was weil weiter welche wenn wer werde werden wie wieder will wir wird wirst wo wollen wollte würde würden zu zum
    zur zwar zwischen hab habe hat hast haben hatte ja nee schon mal halt grad gerade bzw`,
  es: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas
    ellos en entre era eras es esa esas ese eso esos esta estaba estaban estamos estan estar estas este esto estos
    estoy fue fueron fui ha hace han has hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos
    nosotros o os otra otras otro otros para pero poco por porque que quien se sea ser si sin sobre somos son soy su
    sus también tambien te tengo ti tiene tienen todo todos tu tus un una uno unos vosotros y ya yo él ésta está
    están qué cómo cuándo dónde sí más tú mí`,
  fr: `a ai aie au aux avait avec avez avoir c ce ceci cela celle celui ces cet cette d dans de des du elle elles en
    es est et etaient etait ete eu fait il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne ni
    nos notre nous on ont ou par pas plus pour qu que quel quelle qui s sa sans se ses si son sont sur t ta te tes toi
    ton tu un une vos votre vous y à été était ça ces être où même aussi bien tout tous très trop`,
  it: `a ad agli ai al alla alle allo anche avere c che chi ci come con contro cui da dal dalla dalle dei del della
    delle dello di e ed era erano essere fa gli ha hai hanno ho i il in io l la le lei li lo loro lui ma me mi mia mie
    miei mio ne negli nei nel nella nelle no noi non nostra nostro o per perché però più poi quale quando quello
    questa questi questo se sei si sia siamo siete sono sta stato su sua sue sui sul sulla suo suoi te ti tra tu tua
    tue tuo tuoi tutti tutto un una uno vi voi è già cosa così`,
  pt: `a ao aos as até com como da das de dela dele deles depois do dos e ela elas ele eles em entre era essa esse
    esta estava este estou eu foi for há isso isto já lhe mais mas me mesmo meu minha muito na nas nem no nos nós o
    os ou para pela pelo por porque qual quando que quem se sem ser seu seus sua suas são também te tem tenho ter
    teu tu tua um uma você vocês vai vou tá né pra pro`,
  nl: `aan al alles als altijd andere ben bij daar dan dat de der deze die dit doch doen door dus een eens en er ge
    geen geweest haar had heb hebben heeft hem het hier hij hun iemand iets ik in is ja je jij jou jouw kan kon
    kunnen maar me meer men met mij mijn moet na naar niet niets nog nu of om omdat onder ons ook op over reeds te
    tegen toch toen tot u uit uw van veel voor want waren was wat we wel werd wezen wie wij wil worden zal ze zei
    zelf zich zij zijn zo zonder zou`,
  sv: `alla allt att av blev bli blir de dem den denna deras dess dessa det detta dig din dina ditt du där då efter
    ej eller en er era ert ett från för ha hade han hans har henne hennes hon honom hur här i icke ingen inom inte
    jag ju kan kunde man med mellan men mig min mina mitt mot mycket ni nu när någon något några och om oss på samma
    sedan sig sin sina sitta själv skulle som så sådan till under upp ut utan vad var vara varför varit vi vid vilken
    vår våra vårt än är åt över`,
  da: `af alle andet andre at blev blive bliver da de dem den denne der deres det dette dig din dine disse dit dog du
    efter eller en end er et for fra ham han hans har havde have hende hendes her hos hun hvad hvis hvor i ikke ind
    jeg jer jo kunne man mange med meget men mig min mine mit mod ned noget nogle nu når og også om op os over på
    selv sig sin sine sit skal skulle som sådan thi til ud under var vi vil ville vor være været`,
  no: `alle at av bare begge ble bli blir da de deg dem den denne der dere deres det dette di
    din disse ditt du eg ein eit eitt eller elles en enn er et ett etter for fordi fra før ha hadde han hans
    har henne hennes her ho hun hva hvem hver hvilke hvis hvor hvordan i ikke ikkje
    inn inni jeg kan kom kunne man mange med meg mellom men mi min mine mitt mot mykje ned no noe noen nok nå når og
    også om opp oss over på samme seg selv si sin sine sitt skal skulle slik som så til um under upp ut uten var
    vart varte ved vere verte vi vil ville vore vors vort være vært å`,
  pl: `a aby ale bo by być był była było były czy dla do gdy gdzie go i ich ja jak jako je jego jej jest jestem już
    ją ke kiedy która które który lub ma mi mnie mu na nad nam nas nie nic no o od on ona one oni po pod przez przy
    się są ta tak tam te tego tej też to tu ty tylko tym u w we wszystko z za że żeby`,
  tr: `acaba ama aslında az bazı belki biri birkaç bir birşey biz bu bunu buna bunda bundan çok çünkü da daha de
    defa diye eğer en gibi hem hep hepsi her hiç için ile ise kez ki kim mı mu mü nasıl ne neden nerde nerede nereye
    niçin niye o sanki siz şey tüm ve veya ya yani ben sen onu ona var yok değil olan olarak`,
  ru: `а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до его ее ей
    ему если есть еще же за здесь и из или им их к как ко когда кто ли либо мне может мы на над надо наш не него нее
    нет ни них но ну о об однако он она они оно от очень по под при с со так также такой там те тем то того тоже той
    только том ты у уже хотя чего чей чем что чтобы чье чья эта эти это я`,
  id: `ada adalah agar akan aku aja anda apa atau bahwa belum bisa buat dalam dan dari dengan dia di ga gak harus
    ini itu jadi juga kalau kalo kami kamu karena ke kita lagi lah mau mereka nggak nya oleh pada para saja sama
    saya sih sudah supaya tapi tetapi tidak udah untuk ya yang deh dong kok`,
};

/** Each stop word (folded) with a bit per language that lists it. */
const MASKS = new Map<string, number>();
export const LANGUAGES = Object.keys(LISTS) as StopWordLanguage[];

LANGUAGES.forEach((language, bit) => {
  for (const word of LISTS[language].split(/\s+/)) {
    if (word) MASKS.set(foldWord(word), (MASKS.get(foldWord(word)) ?? 0) | (1 << bit));
  }
});

/** Bit mask of the languages listing a folded word (0 for none). */
export function stopWordMask(folded: string): number {
  return MASKS.get(folded) ?? 0;
}

export function languageBit(language: StopWordLanguage): number {
  const bit = LANGUAGES.indexOf(language);
  return bit < 0 ? 0 : 1 << bit;
}

export const ALL_LANGUAGES_MASK = (1 << LANGUAGES.length) - 1;

/**
 * The languages of a chat from its word counts: each language scores the occurrences of the stop
 * words only it lists (shared words like `in` or `die` say nothing); a language is detected when it
 * scores at least 2 and at least a tenth of the best language's score.
 */
export function detectLanguages(counts: Iterable<[folded: string, count: number]>): StopWordLanguage[] {
  const scores = new Array<number>(LANGUAGES.length).fill(0);
  for (const [word, count] of counts) {
    const mask = MASKS.get(word);
    if (mask === undefined || (mask & (mask - 1)) !== 0) continue;
    const bit = 31 - Math.clz32(mask);
    scores[bit] = (scores[bit] as number) + count;
  }
  const best = Math.max(0, ...scores);
  return LANGUAGES.filter((_, bit) => {
    const score = scores[bit] as number;
    return score >= 2 && score * 10 >= best;
  });
}
