"""listen"""
