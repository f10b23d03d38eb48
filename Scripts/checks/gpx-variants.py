# Writes GPX variants of the GSDC truth (10 Hz SPAN CSV, thinned to 1 Hz) and of the Pixel4 NMEA fixes
# (via the fix CSV written by `locomotion convert`), exercising XML features real exporters use.
import csv, sys, datetime, glob, os
src = sys.argv[1]  # a fixes CSV from `locomotion convert --from gsdc2021-mtv-nmea`
rows = list(csv.DictReader(open(src)))
def iso(t):
    d = datetime.datetime.fromtimestamp(float(t), datetime.timezone.utc)
    s = d.strftime('%Y-%m-%dT%H:%M:%S')
    frac = repr(float(t)).split('.')[1] if '.' in repr(float(t)) and 'e' not in repr(float(t)) else '0'
    return s + ('' if frac == '0' else '.' + frac) + 'Z'
name = os.path.basename(src).replace('.fixes.csv', '')
# 1. Strava-like: default namespace, prefixed extensions, CDATA name, comments, PI, CRLF, BOM
out = ['\ufeff<?xml version="1.0" encoding="UTF-8"?>', '<!-- exported by a test -->', '<?xml-stylesheet href="x.xsl" type="text/xsl"?>',
       '<gpx creator=\'StravaGPX &amp; friends\' version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
       ' <metadata><name><![CDATA[Morning <Ride> & more]]></name><time>2020-05-14T22:00:00Z</time></metadata>', ' <trk>', '  <name>R&#233;sum&#xE9; &lt;drive&gt;</name>', '  <type>1</type>', '  <trkseg>']
for i, r in enumerate(rows):
    q = "'" if i % 2 else '"'
    ext = f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{100+i%50}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>'
    sp = f'<speed>{r["speed"]}</speed>' if r.get('speed') else ''
    out.append(f'   <trkpt lat={q}{r["latitude"]}{q} lon={q} {r["longitude"]}{q}>\n    <ele>10.0</ele>\n    <time>{iso(r["timestamp"])}</time><hdop>1.2</hdop>{sp}{ext}<!-- p{i} -->\n   </trkpt>')
    if i == len(rows) // 2: out.append('  </trkseg>\n  <trkseg>')
out += ['  </trkseg>', ' </trk>', '</gpx>', '<!-- trailing comment -->']
open(f'{name}-strava.gpx', 'w', newline='').write('\r\n'.join(out) + '\r\n')
# 2. gpxpy-like with prefix on every element and accuracy extension
out = ['<?xml version=\'1.0\' encoding=\'utf-8\'?>', '<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" xmlns:l="urn:locomotion:gpx-extensions:1" version="1.1" creator="gpxpy"><g:trk><g:trkseg>']
for r in rows:
    acc = f'<g:extensions><l:horizontal_accuracy>{r["horizontal_accuracy"]}</l:horizontal_accuracy></g:extensions>' if r.get('horizontal_accuracy') else ''
    out.append(f'<g:trkpt lat="{r["latitude"]}" lon="{r["longitude"]}"><g:time>{iso(r["timestamp"])}</g:time>{acc}</g:trkpt>')
out.append('</g:trkseg></g:trk></g:gpx>')
open(f'{name}-prefixed.gpx', 'w').write('\n'.join(out) + '\n')
# 3. waypoints only, ISO-8859-1 declared with a Latin-1 byte in a name, timezone offsets
out = ['<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>', '<gpx version="1.0" creator="GPSBabel">']
for i, r in enumerate(rows[::5]):
    out.append(f'<wpt lat="{r["latitude"]}" lon="{r["longitude"]}"><name>Pt\xe9{i}</name><time>{iso(r["timestamp"])}</time></wpt>')
out.append('<rte><rtept lat="1" lon="1"/></rte></gpx>')
open(f'{name}-waypoints-latin1.gpx', 'w', encoding='latin-1').write('\n'.join(out) + '\n')
