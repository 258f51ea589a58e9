/**
 * The words the built-in judge reads, by language: English, Spanish, German, French, Portuguese
 * and Japanese. Each list holds phrases, lower case with straight apostrophes, matched as whole
 * words (Japanese, written without spaces, as text). Kept short on purpose: a phrase is here only
 * when it says one thing in every sentence it can appear in, which the labelled corpus checks
 * (`JUDGE_CORPUS`, precision 1.0).
 */
export interface JudgeCues {
  /** Says that something could not be done ("could not", "no pude", "できませんでした"). */
  readonly failure: readonly string[]
  /** Says that the request was done, whatever it was ("done", "all set", "erledigt"). */
  readonly success: readonly string[]
  /** A contrast that lets a later clause overrule an earlier one ("but", "pero", "aber"). */
  readonly contrast: readonly string[]
  /** Says the agent tried again ("tried again", "otra vez"): a success after it overrules the failure before. */
  readonly retry: readonly string[]
  /** Makes a clause a hedge ("I think", "probably", "creo que"): the judge then cannot tell. */
  readonly hedge: readonly string[]
  /** Makes a clause a condition ("if", "in case"): it neither reports nor claims anything. */
  readonly condition: readonly string[]
  /** Makes a clause a plan or an offer ("I will", "let me"): it claims nothing done (it can still say something cannot be). */
  readonly plan: readonly string[]
  /** Negates a success phrase that follows it closely ("not", "no", "nicht"). */
  readonly negation: readonly string[]
}

/** The cues of each language the built-in judge reads, by ISO 639-1 code. */
export const JUDGE_CUES: Readonly<Record<'en' | 'es' | 'de' | 'fr' | 'pt' | 'ja', JudgeCues>> = {
  en: {
    failure: [
      'could not', "couldn't", 'will not be able', 'cannot', "can't", 'can not', 'unable', 'was not able', "wasn't able", "weren't able", 'not able to', "won't be able", 'not been able', "haven't been able", "hasn't been able",
      'failed', 'fails', 'kept failing', "didn't go through", 'did not go through', "hasn't gone through", "didn't work", 'did not work', "doesn't work", 'not possible', 'impossible',
      'unavailable', 'is down', 'are down', 'out of service', 'not responding', "isn't responding", 'not completed', 'not be completed', "couldn't be completed", 'unsuccessful', 'no luck',
      'nothing was changed', 'nothing has been changed', 'nothing changed', 'returned an error', 'returning an error', 'ran into an error', 'ran into a problem', 'got an error',
    ],
    success: ['done', 'all set', 'everything is set', 'completed', 'is complete', 'finished', 'successfully', 'succeeded', 'it worked', 'that worked', 'went through', 'has gone through', 'taken care of'],
    contrast: ['but', 'however', 'although'],
    retry: ['tried again', 'try again', 'retried', 'retrying', 'second attempt', 'second try', 'another attempt', 'on retry'],
    hedge: ['i think', 'i believe', 'probably', 'should be', 'should have', 'might', 'may have', 'seems', 'seem to', 'not sure', 'appears to', 'hopefully', 'presumably', 'likely'],
    condition: ['if', 'unless', 'in case', 'whether', 'once', 'when'],
    plan: ['will', "i'll", "we'll", 'let me', 'going to', 'about to', 'would you', 'shall i', 'do you want', 'want me to', 'can', 'could you', 'need to', 'needs to', 'have to'],
    negation: ['not', "n't", 'never', 'no', 'nothing', 'nor'],
  },
  es: {
    failure: ['no pude', 'no he podido', 'no se pudo', 'no fue posible', 'no es posible', 'no puedo', 'no logré', 'no he logrado', 'falló', 'ha fallado', 'no funcionó', 'no está disponible', 'fuera de servicio', 'no se cambió nada', 'no se ha cambiado nada', 'no se completó', 'no se pudo completar', 'imposible'],
    success: ['listo', 'hecho', 'completado', 'completada', 'se completó', 'terminado', 'con éxito', 'funcionó', 'todo está listo'],
    contrast: ['pero', 'sin embargo', 'aunque'],
    retry: ['otra vez', 'de nuevo', 'volví a intentar', 'reintenté', 'segundo intento'],
    hedge: ['creo que', 'probablemente', 'debería', 'quizás', 'quizá', 'tal vez', 'parece', 'supongo'],
    condition: ['si', 'cuando', 'en caso de'],
    plan: ['voy a', 'vamos a', 'quieres que', 'déjame', 'intentaré', 'lo haré', 'puedo'],
    negation: ['no', 'nada', 'nunca'],
  },
  de: {
    failure: ['nicht geklappt', 'nicht funktioniert', 'konnte nicht', 'konnte ich nicht', 'konnten nicht', 'nicht möglich', 'fehlgeschlagen', 'nicht erreichbar', 'nicht verfügbar', 'außer betrieb', 'nichts geändert', 'kann nicht', 'kann ich nicht', 'nicht durchgeführt', 'nicht abgeschlossen', 'nicht erledigen', 'gescheitert', 'nicht ausführen'],
    success: ['erledigt', 'fertig', 'abgeschlossen', 'erfolgreich', 'hat geklappt', 'hat funktioniert', 'alles eingerichtet'],
    contrast: ['aber', 'jedoch', 'doch', 'allerdings', 'trotzdem'],
    retry: ['noch einmal', 'nochmal', 'erneut', 'zweiten versuch', 'zweite versuch'],
    hedge: ['ich glaube', 'wahrscheinlich', 'vermutlich', 'sollte', 'vielleicht', 'scheint', 'möglicherweise'],
    condition: ['wenn', 'falls', 'sobald', 'ob'],
    plan: ['werde', 'soll ich', 'möchten sie', 'lass mich', 'kann ich'],
    negation: ['nicht', 'kein', 'keine', 'nichts', 'nie'],
  },
  fr: {
    failure: ["n'ai pas pu", "n'a pas pu", "n'avons pas pu", 'pas pu', 'impossible', 'a échoué', 'ont échoué', 'échec', 'indisponible', 'hors service', "rien n'a été modifié", "rien n'a changé", 'ne fonctionne pas', "n'a pas fonctionné", 'ne peux pas', "n'ai pas réussi", "n'a pas abouti", 'pas abouti'],
    success: ["c'est fait", 'terminé', 'effectué', 'réussi', 'avec succès', 'a fonctionné', 'tout est prêt', 'tout est en ordre'],
    contrast: ['mais', 'cependant', 'pourtant', 'toutefois'],
    retry: ['à nouveau', 'de nouveau', 'réessayé', 'deuxième tentative', 'nouvelle tentative'],
    hedge: ['je pense', 'je crois', 'probablement', 'devrait', 'peut-être', 'semble', 'sans doute'],
    condition: ['si', "s'il", 'quand', 'lorsque'],
    plan: ['je vais', 'voulez-vous', 'laissez-moi', 'je peux'],
    negation: ['ne', "n'", 'pas', 'rien', 'jamais'],
  },
  pt: {
    failure: ['não consegui', 'não conseguimos', 'não foi possível', 'não é possível', 'não pude', 'falhou', 'indisponível', 'fora do ar', 'fora de serviço', 'nada foi alterado', 'não funcionou', 'não posso', 'não deu certo'],
    success: ['pronto', 'feito', 'concluído', 'concluída', 'com sucesso', 'funcionou', 'deu certo', 'tudo certo'],
    contrast: ['mas', 'porém', 'contudo', 'entretanto', 'no entanto'],
    retry: ['novamente', 'de novo', 'outra vez', 'segunda tentativa'],
    hedge: ['acho que', 'provavelmente', 'deveria', 'deve ter', 'talvez', 'parece'],
    condition: ['se', 'quando', 'caso'],
    plan: ['vou', 'quer que', 'deixe-me', 'posso'],
    negation: ['não', 'nada', 'nunca'],
  },
  ja: {
    failure: ['できませんでした', 'できません', '失敗', 'うまくいきません', '利用できません', '停止して', '何も変更されていません', '変更はありません', 'エラーが発生'],
    success: ['完了しました', '完了です', '終わりました', '成功しました', '済みです', 'うまくいきました'],
    contrast: ['しかし', 'でも', 'ですが', 'けれど', 'けど', 'が、'],
    retry: ['再試行', 'もう一度', '再度'],
    hedge: ['たぶん', '多分', 'かもしれ', 'はずです', 'と思います', 'と思う', 'ようです'],
    condition: ['もし', '場合', 'たら'],
    plan: ['します。', 'しましょうか', 'しますか', 'しておきます'],
    negation: ['ません', 'ない'],
  },
}
