#!/usr/bin/env python3
"""Copies a fixture Open-Meteo air-quality reply with its hours moved to this hour, as a real
reply's are: a reply whose hours are all past leaves out the forecast's work (the index of
every hour ahead), which is much of a fresh run's CPU. Used by versus.sh and places.sh.

    scripts/bench/reply_now.py SOURCE.json DEST.json
"""
import datetime, json, sys

reply = json.load(open(sys.argv[1]))
form = "%Y-%m-%dT%H:%M"
hour = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, minute=0, second=0, microsecond=0)
shift = hour - datetime.datetime.strptime(reply["current"]["time"], form)
moved = lambda text: (datetime.datetime.strptime(text, form) + shift).strftime(form)
reply["current"]["time"] = moved(reply["current"]["time"])
reply["hourly"]["time"] = [moved(text) for text in reply["hourly"]["time"]]
json.dump(reply, open(sys.argv[2], "w"))
