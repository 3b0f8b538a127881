#!/usr/bin/env python3
"""Writes a year of 10-minute readings for one place as a `breather history` CSV export.

Usage: history_year.py OUT.csv [DAYS]   (DAYS default 365, ending now)
Every row has the six pollutants, the weather, two pollen types and the asthma risk (the
values a default Open-Meteo + estimate set-up records), wave-shaped so indices vary.
"""
import math
import sys
import time

out, days = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 365
header = ("time,place,latitude,longitude,source,standard,aqi,category,main_pollutant,pm2_5,pm10,o3,no2,so2,co,"
          "reported_us,reported_china,reported_china_2012,reported_eu,reported_uk,reported_india,reported_canada,"
          "temperature_c,humidity,pressure_hpa,wind_speed_ms,wind_direction_deg,pollen_alder,pollen_birch,pollen_grass,"
          "pollen_mugwort,pollen_olive,pollen_ragweed,asthma_risk,asthma_probability")
end = int(time.time()) // 600 * 600
start = end - days * 86400
risks = ["low", "medium", "high", "very_high"]
with open(out, "w", newline="") as f:
    f.write(header + "\r\n")
    for t in range(start, end, 600):
        i = (t - start) // 600
        w = math.sin(i / 37.0)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(t))
        pm = round(18 + 14 * w, 1)
        row = [stamp, "Brooklyn", "40.6769", "-73.9423", "open-meteo", "us", "", "", "",
               str(pm), str(round(30 + 9 * w, 1)), str(round(55 + 30 * math.sin(i / 53.0), 1)),
               str(round(16 + 6 * w, 1)), str(round(2.4 + w, 1)), str(round(210 + 40 * w, 1)),
               "", "", "", "", "", "", "",
               str(round(12 + 8 * math.sin(i / 71.0), 1)), str(round(64 + 20 * w)), str(round(1012 + 6 * w, 1)),
               str(round(3.2 + 2 * w, 1)), str((i * 7) % 360),
               "", str(round(max(0, 40 * math.sin(i / 900.0)), 1)), str(round(max(0, 12 * math.sin(i / 700.0)), 1)), "", "", "",
               risks[int((w + 1) * 1.99)], str(round((w + 1) / 2, 2))]
        f.write(",".join(row) + "\r\n")
