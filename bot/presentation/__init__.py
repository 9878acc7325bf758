"""presentation"""
