/**
 * The comparison page's own script (after `HTML_COMMON_SCRIPT`): the table of cells in the
 * comparison's order (worst first), filterable by verdict, category, augmentation column and
 * name, drawing only the rows in view (the windowed list the report page's runs use); a click on a group filters the cells to it; for the clicked cell both reports' runs side
 * by side, a trial picker on each side and the run detail (milestones, tools shown,
 * conversation) of the picked trials, or where the conversations were looked for when a
 * report's could not be found.
 */
export const HTML_COMPARE_SCRIPT = `
  var comparison = readJson('toolcheck-comparison')
  var sides = { base: reportSide('base-index', 'base-details'), head: reportSide('head-index', 'head-details') }
  var transcriptNotes = readJson('transcript-notes') || {}
  sides.base.noTranscript = transcriptNotes.base
  sides.head.noTranscript = transcriptNotes.head
  var byAgent = comparison.method.byAgent

  function pValue(value) { return value === null || value === undefined ? '-' : value < 0.0001 ? '< 0.0001' : value.toFixed(4) }
  function pText(value) { return value === null || value === undefined ? 'p -' : value < 0.0001 ? 'p < 0.0001' : 'p = ' + value.toFixed(4) }
  function signed(value) {
    if (value === null || value === undefined) return '-'
    if (Math.abs(value) < 0.0005) return '0.000'
    return (value > 0 ? '+' : '') + value.toFixed(3)
  }
  function deltaClass(value) { return value === null || Math.abs(value) < 0.0005 ? '' : value < 0 ? 'delta-worse' : 'delta-better' }

  var categories = []
  var columns = []
  comparison.cells.forEach(function (cell) {
    cell.categories.forEach(function (category) { if (categories.indexOf(category) === -1) categories.push(category) })
    cell.augmentationColumns.forEach(function (column) { if (columns.indexOf(column) === -1) columns.push(column) })
  })
  function fillSelect(id, values) {
    var select = document.getElementById(id)
    values.forEach(function (value) { select.appendChild(element('option', { value: value, text: value })) })
    select.addEventListener('change', renderCells)
  }
  fillSelect('filter-category', categories.sort())
  fillSelect('filter-augmentation', columns)
  document.getElementById('filter-verdict').addEventListener('change', renderCells)
  document.getElementById('filter-text').addEventListener('input', renderCells)

  // The comparison lists its cells worst first already.
  var order = comparison.cells.map(function (_, position) { return position })
  var selectedCell = -1

  function openGroup(event) {
    var row = event.target.closest('tr.group-row')
    if (!row) return
    var level = row.getAttribute('data-level')
    var name = row.getAttribute('data-name')
    document.getElementById('filter-category').value = level === 'category' ? name : ''
    document.getElementById('filter-augmentation').value = level === 'augmentation' ? name : ''
    renderCells()
    document.getElementById('cells').scrollIntoView()
  }
  document.getElementById('groups').addEventListener('click', openGroup)
  document.getElementById('groups').addEventListener('keydown', function (event) { if (event.key === 'Enter') openGroup(event) })
  // The cells the filters let through, in order; only those in view are drawn (see windowRange).
  var ROW_HEIGHT = 28
  var shownCells = []
  function renderCells() {
    var verdict = document.getElementById('filter-verdict').value
    var category = document.getElementById('filter-category').value
    var column = document.getElementById('filter-augmentation').value
    var text = document.getElementById('filter-text').value.toLowerCase()
    shownCells = order.filter(function (position) {
      var cell = comparison.cells[position]
      if (verdict && cell.verdict !== verdict) return false
      if (category && cell.categories.indexOf(category) === -1) return false
      if (column && cell.augmentationColumns.indexOf(column) === -1) return false
      if (text && cell.scenario.toLowerCase().indexOf(text) === -1) return false
      return true
    })
    document.getElementById('cells-count').textContent = shownCells.length + ' of ' + comparison.cells.length + ' cells'
    drawCells()
  }
  var columnCount = byAgent ? 12 : 11
  // The rows above and below the ones drawn are one padding row each, as tall as they would be.
  function padding(rows) { return element('tr', { className: 'cells-pad', 'aria-hidden': 'true' }, [element('td', { colspan: String(columnCount), style: 'height:' + (rows * ROW_HEIGHT) + 'px' })]) }
  function drawCells() {
    var body = document.getElementById('cells-body')
    var range = windowRange(document.getElementById('cells-viewport'), ROW_HEIGHT, shownCells.length)
    body.textContent = ''
    if (range[0] > 0) body.appendChild(padding(range[0]))
    for (var at = range[0]; at < range[1]; at++) body.appendChild(cellRow(shownCells[at]))
    if (range[1] < shownCells.length) body.appendChild(padding(shownCells.length - range[1]))
  }
  redrawOnScroll(document.getElementById('cells-viewport'), drawCells)
  function cellRow(position) {
    var cell = comparison.cells[position]
    var improvement = cell.verdict === 'improvement' || (cell.verdict !== 'regression' && cell.verdict !== 'break' && ((cell.passRateDelta || 0) > 0 || ((cell.passRateDelta || 0) === 0 && (cell.scoreDelta || 0) > 0)))
    return element('tr', { className: 'cell-row verdict-row-' + cell.verdict + (position === selectedCell ? ' selected' : ''), 'data-cell': String(position), tabindex: '0' }, [
      element('td', { text: cell.scenario }),
      element('td', { text: cell.augmentation }),
      byAgent ? element('td', { text: cell.agent }) : null,
      element('td', { className: 'number', text: cell.base.passes + '/' + cell.base.trials }),
      element('td', { className: 'number', text: cell.head.passes + '/' + cell.head.trials }),
      element('td', { className: 'number ' + deltaClass(cell.passRateDelta), text: signed(cell.passRateDelta) }),
      element('td', { className: 'number', text: fixed(cell.base.meanScore) }),
      element('td', { className: 'number', text: fixed(cell.head.meanScore) }),
      element('td', { className: 'number ' + deltaClass(cell.scoreDelta), text: signed(cell.scoreDelta) }),
      element('td', { className: 'number', text: pValue(improvement ? cell.pBetter : cell.pWorse) }),
      element('td', { className: 'number', text: pValue(improvement ? cell.adjustedBetter : cell.adjustedWorse) }),
      element('td', { className: 'cell-verdict verdict-' + (cell.verdict === 'regression' || cell.verdict === 'break' ? 'failed' : cell.verdict === 'improvement' ? 'passed' : 'none'), text: cell.verdict + (cell.reason === 'deterministic' ? ' (deterministic)' : '') }),
    ])
  }
  function openCell(event) {
    var row = event.target.closest('tr.cell-row')
    if (row) showCell(Number(row.getAttribute('data-cell')))
  }
  document.getElementById('cells-body').addEventListener('click', openCell)
  document.getElementById('cells-body').addEventListener('keydown', function (event) { if (event.key === 'Enter') openCell(event) })

  function sidePanel(name, cell, picked) {
    var side = sides[name]
    var positions = cell[name].positions
    var panel = element('div', { className: 'side side-' + name }, [
      element('h3', { text: name + ': ' + cell[name].passes + ' of ' + cell[name].trials + ' passed' + (cell[name].errors > 0 ? ', ' + cell[name].errors + ' errors' : '') }),
    ])
    var buttons = element('div', { className: 'trials' }, positions.map(function (position) {
      var run = side.run(position)
      var button = element('button', { type: 'button', className: 'verdict-' + run.verdict + (position === picked ? ' current' : ''), text: 'trial ' + run.trial + ': ' + run.verdict, 'data-position': String(position) })
      button.addEventListener('click', function () {
        panel.parentNode.replaceChild(sidePanel(name, cell, position), panel)
      })
      return button
    }))
    panel.appendChild(buttons)
    if (side.noTranscript) panel.appendChild(element('p', { className: 'muted transcript-note', text: side.noTranscript }))
    if (picked >= 0) renderRunDetail(side, picked).then(function (node) { panel.appendChild(node) })
    return panel
  }
  // The first failing trial of a side, else its first trial: where a difference shows.
  function firstInteresting(name, cell) {
    var side = sides[name]
    var positions = cell[name].positions
    for (var index = 0; index < positions.length; index++) if (side.run(positions[index]).verdict !== 'passed') return positions[index]
    return positions.length > 0 ? positions[0] : -1
  }
  function showCell(position) {
    selectedCell = position
    var cell = comparison.cells[position]
    var holder = document.getElementById('cell-detail')
    holder.textContent = ''
    holder.appendChild(element('h2', { text: cell.scenario + ' [' + cell.augmentation + ']' + (byAgent ? ' ' + cell.agent : '') + ': ' + cell.verdict }))
    holder.appendChild(element('p', { className: 'muted', text: 'pass rate ' + fixed(cell.base.passRate) + ' -> ' + fixed(cell.head.passRate) + ', mean score ' + fixed(cell.base.meanScore) + ' -> ' + fixed(cell.head.meanScore) + '; ' + pText(cell.pWorse) + ' for worse (adjusted ' + (cell.adjustedWorse === null ? 'not in the family' : pValue(cell.adjustedWorse)) + '), ' + pText(cell.pBetter) + ' for better' + (cell.break ? '; a break' : '') }))
    holder.appendChild(element('div', { className: 'sides' }, [sidePanel('base', cell, firstInteresting('base', cell)), sidePanel('head', cell, firstInteresting('head', cell))]))
    drawCells()
    holder.scrollIntoView()
  }

  renderCells()
`
